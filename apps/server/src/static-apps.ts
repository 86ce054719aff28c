import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { inlineScriptSources } from './http/security-headers.js';

/** The CSP sources of the inline scripts of the user app's index.html (its first-screen outline). */
export function webInlineScripts(roots: { web?: string }): string[] {
  const index = roots.web && path.join(roots.web, 'index.html');
  return index && existsSync(index) ? inlineScriptSources(readFileSync(index, 'utf8')) : [];
}

type NotFound = (request: FastifyRequest, reply: FastifyReply) => unknown;

/**
 * Serves the built user app at `/` and the back office at `/admin`, each falling back to its
 * index.html for client-side routes. Hashed assets are cached for a year; HTML is revalidated.
 * Brotli and gzip copies made at build time are preferred when the browser accepts them.
 */
export async function registerStaticApps(
  app: FastifyInstance,
  roots: { web?: string; admin?: string },
  apiNotFound: NotFound,
): Promise<void> {
  const web = roots.web && existsSync(path.join(roots.web, 'index.html')) ? roots.web : undefined;
  const admin = roots.admin && existsSync(path.join(roots.admin, 'index.html')) ? roots.admin : undefined;
  const setHeaders = (reply: FastifyReply, filePath: string) => {
    const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
    reply.header('cache-control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
  };
  if (web) {
    await app.register(fastifyStatic, { root: web, prefix: '/', preCompressed: true, setHeaders });
  }
  if (admin) {
    await app.register(fastifyStatic, {
      root: admin,
      prefix: '/admin/',
      preCompressed: true,
      setHeaders,
      decorateReply: !web,
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (url === '/api' || url.startsWith('/api/') || !isPage) return apiNotFound(request, reply);
    const isAdmin = url === '/admin' || url.startsWith('/admin/');
    const root = isAdmin ? admin : web;
    if (!root) return apiNotFound(request, reply);
    // A missing hashed asset is a real 404, not the app shell.
    if (/\.[a-z0-9]{2,5}$/i.test(url)) return reply.status(404).type('text/plain').send('Not found');
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html', root);
  });
}
