/**
 * Where `?token=T` sends the browser once the cookie is set: the page it asked for (`/sessions/<id>?token=T` →
 * `/sessions/<id>`), the token out of the query, the rest of the query kept. Always a path on this origin: the
 * leading slashes are one (a path like `/a/..//host` normalizes to `//host`, which a browser reads as another host).
 */
export function entryLocation(url: URL): string {
  const query = new URLSearchParams(url.search);
  query.delete('token');
  const path = `/${url.pathname.replace(/^[/\\]+/, '')}`;
  const rest = query.toString();
  return rest ? `${path}?${rest}` : path;
}
