/**
 * Requests index.html's first-screen script starts before the app's code has loaded
 * (app/first-screen-outline.ts): on a slow phone the list of '/hq' and home's movers is then on its
 * way while the scripts download, instead of after. The app takes each answer once; an answer older
 * than its query's fresh time is left, and the app asks again as usual.
 */

/** The paths the script asks for (POST with no parameters) and the global it keeps them in. */
export const EARLY_REQUEST_PATHS = ['/product/list'] as const;
export type EarlyRequestPath = (typeof EARLY_REQUEST_PATHS)[number];
export const EARLY_REQUESTS_GLOBAL = '__earlyRequests';

interface EarlyRequest {
  /** Date.now() when the script sent it. */
  at: number;
  response: Promise<Response>;
}

type EarlyRequests = Partial<Record<EarlyRequestPath, EarlyRequest>>;

/** The script's answer for `path`, once, if it was sent less than `maxAgeMs` ago. */
export function takeEarlyResponse(
  path: EarlyRequestPath,
  maxAgeMs: number,
  now = Date.now(),
): Promise<Response> | undefined {
  const requests = (window as unknown as Record<string, EarlyRequests | undefined>)[EARLY_REQUESTS_GLOBAL];
  const request = requests?.[path];
  if (!requests || !request) return undefined;
  delete requests[path];
  return now - request.at < maxAgeMs ? request.response : undefined;
}
