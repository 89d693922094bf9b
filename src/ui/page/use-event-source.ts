/**
 * Listens to one server-sent event stream while mounted (and while `path` is set); each `data:` parsed as JSON.
 * When the browser reconnects a dropped stream, `onReconnect` (when given) is called and the stream is closed:
 * what was written while it was down may be more than a new stream's first event carries, so the caller reads
 * its view again and opens the stream anew (by setting `path` again).
 */
import { useEffect, useRef } from 'preact/hooks';

export function useEventSource<T>(path: string | undefined, onEvent: (event: T) => void, onReconnect?: () => void): void {
  const handler = useRef(onEvent);
  handler.current = onEvent;
  const reconnected = useRef(onReconnect);
  reconnected.current = onReconnect;
  useEffect(() => {
    if (path === undefined || typeof EventSource === 'undefined') return;
    const source = new EventSource(path, { withCredentials: true });
    let opened = false;
    source.onopen = () => {
      if (!opened) {
        opened = true;
        return;
      }
      if (reconnected.current === undefined) return;
      source.close();
      reconnected.current();
    };
    source.onmessage = (message: MessageEvent<string>) => {
      let event: T;
      try {
        event = JSON.parse(message.data) as T;
      } catch {
        return;
      }
      handler.current(event);
    };
    return () => source.close();
  }, [path]);
}
