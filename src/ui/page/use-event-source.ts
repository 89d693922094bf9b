/** Listens to one server-sent event stream while mounted (and while `path` is set); each `data:` parsed as JSON. */
import { useEffect, useRef } from 'preact/hooks';

export function useEventSource<T>(path: string | undefined, onEvent: (event: T) => void): void {
  const handler = useRef(onEvent);
  handler.current = onEvent;
  useEffect(() => {
    if (path === undefined || typeof EventSource === 'undefined') return;
    const source = new EventSource(path, { withCredentials: true });
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
