import { createHash } from 'node:crypto';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * JSON answers of the API: no framing, no sniffing, no referrer, and nothing may load from them.
 * Pages (the two apps) get helmet's full set instead (`pageSecurityHeaders`).
 */
export const API_SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
} as const;

/**
 * helmet's options for the pages: antd and antd-mobile inject their styles at run time. Scripts come
 * from 'self', and the pages' own inline scripts (`inlineScripts`: the user app's first-screen
 * outline in index.html) by their hash, so no other inline script runs.
 */
export function pageHelmetOptions(inlineScripts: readonly string[] = []): HelmetOptions {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScripts],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
        workerSrc: ["'self'", 'blob:'],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  };
}

/** The CSP sources ('sha256-…') of the inline scripts (`<script>` without attributes) of a page. */
export function inlineScriptSources(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, code = '']) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`,
  );
}

/**
 * The headers helmet sets for the pages, computed once: the options hold no per-request part (no
 * nonces), so running helmet's middleware on every request would only recompute the same set.
 */
export function pageSecurityHeaders(options: HelmetOptions = pageHelmetOptions()): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as never, response as never, () => {});
  return headers;
}
