/** The reader's routes (SPEC section 2, Public); anything else is left to the server. */
export type RouteMatch =
  | { route: 'home' }
  | { route: 'publications' }
  | { route: 'publication'; ref: string }
  | { route: 'poem'; ref: string };

export function matchRoute(pathname: string): RouteMatch | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === '/' || path === '') return { route: 'home' };
  if (path === '/publications') return { route: 'publications' };
  const m = /^\/(publication|poem)\/([^/]+)$/.exec(path);
  if (!m) return null;
  let ref: string;
  try {
    ref = decodeURIComponent(m[2]!);
  } catch {
    return null;
  }
  return m[1] === 'publication' ? { route: 'publication', ref } : { route: 'poem', ref };
}
