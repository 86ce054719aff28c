/** Only in-app paths are followed after login: '/x', never '//host' or 'https://...'. */
export function safeRedirect(value: string | null | undefined, fallback = '/'): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  if (value.startsWith('/login') || value.startsWith('/reg')) return fallback;
  return value;
}

export function loginPathFor(returnTo: string): string {
  return returnTo && returnTo !== '/' ? `/login?redirect=${encodeURIComponent(returnTo)}` : '/login';
}
