/**
 * Where a signed-in buyer goes from an auth page: back to the page that sent them to log in
 * (the shell's guard puts it in the location state as `from`), else the home page. Only a path
 * of this site is taken — never `//host`, a scheme or another auth page (that would loop).
 */
export function returnPath(state: unknown): string {
  const from = (state as { from?: { pathname?: unknown; search?: unknown; hash?: unknown } } | null)?.from;
  const pathname = typeof from?.pathname === 'string' ? from.pathname : '';
  if (!pathname.startsWith('/') || pathname.startsWith('//') || pathname.includes('\\')) return '/';
  if (pathname === '/auth' || pathname.startsWith('/auth/')) return '/';
  const search = typeof from?.search === 'string' && from.search.startsWith('?') ? from.search : '';
  const hash = typeof from?.hash === 'string' && from.hash.startsWith('#') ? from.hash : '';
  return `${pathname}${search}${hash}`;
}
