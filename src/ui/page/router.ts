/** Client routing over the history API: the path as state, `navigate`, and links that route without reloading. */
import { useEffect, useState } from 'preact/hooks';

const listeners = new Set<() => void>();

export function navigate(to: string, options: { replace?: boolean } = {}): void {
  if (to === location.pathname + location.search) return;
  if (options.replace) history.replaceState(null, '', to);
  else history.pushState(null, '', to);
  for (const listener of listeners) listener();
}

/** The current path and query; renders again on navigation and on back/forward. */
export function useLocation(): { path: string; query: URLSearchParams } {
  const [, setVersion] = useState(0);
  useEffect(() => {
    const update = () => setVersion((version) => version + 1);
    listeners.add(update);
    addEventListener('popstate', update);
    return () => {
      listeners.delete(update);
      removeEventListener('popstate', update);
    };
  }, []);
  return { path: location.pathname, query: new URLSearchParams(location.search) };
}

/** Routes a same-origin link click through `navigate` (kept plain for new tabs and modified clicks). */
export function onLinkClick(event: MouseEvent): void {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const anchor = (event.target as Element | null)?.closest?.('a');
  if (!anchor || anchor.target || anchor.origin !== location.origin || anchor.hasAttribute('download')) return;
  if (anchor.hash && anchor.pathname === location.pathname) return;
  event.preventDefault();
  navigate(anchor.pathname + anchor.search);
  scrollTo(0, 0);
  // Screen readers and keyboards start over at the new view, as after a page load.
  document.getElementById('main')?.focus({ preventScroll: true });
}
