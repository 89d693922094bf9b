/**
 * Listens to one server-sent event stream while mounted (and while `path` is set); each `data:` parsed as JSON.
 * Says how the stream stands: `lost` while the browser tries again (the server went away), `closed` when it gave
 * up (an answer other than a stream: then it is opened again after a pause, never in a loop). `onReopen` runs
 * when the stream is open again after a loss: what was written meanwhile may be more than its first event holds.
 */
import { useEffect, useRef, useState } from 'preact/hooks';

export type StreamState = 'none' | 'open' | 'lost' | 'closed';

const REOPEN_AFTER_MS = 5_000;

export function useEventSource<T>(path: string | undefined, onEvent: (event: T) => void, onReopen?: () => void): StreamState {
  const handler = useRef(onEvent);
  handler.current = onEvent;
  const reopened = useRef(onReopen);
  reopened.current = onReopen;
  const [state, setState] = useState<StreamState>('none');
  const [attempt, setAttempt] = useState(0);
  const lost = useRef(false);
  useEffect(() => {
    if (path === undefined || typeof EventSource === 'undefined') {
      setState('none');
      return;
    }
    const source = new EventSource(path, { withCredentials: true });
    let timer: ReturnType<typeof setTimeout> | undefined;
    source.onopen = () => {
      setState('open');
      if (lost.current) reopened.current?.();
      lost.current = false;
    };
    source.onerror = () => {
      lost.current = true;
      if (source.readyState !== EventSource.CLOSED) return setState('lost');
      setState('closed');
      timer ??= setTimeout(() => setAttempt((value) => value + 1), REOPEN_AFTER_MS);
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
    return () => {
      clearTimeout(timer);
      source.close();
    };
  }, [path, attempt]);
  return path === undefined ? 'none' : state;
}
