/** Names the browser tab after the view (a page title per view, as a reloaded page would have). */
import { useEffect } from 'preact/hooks';

export function useTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} — codev ui`;
  }, [title]);
}
