/**
 * A session view read once, then kept live over its event stream (`reset` reads it again, and so does the
 * stream's return after the server was away: more may have been written than its first event catches up). The
 * stream is open only while no read is in flight: a read replaces the view, and the stream opened after it
 * catches up from there, so no item of the stream is overwritten by an older read.
 */
import { useJson, type JsonState } from './use-json.ts';
import { useEventSource, type StreamState } from './use-event-source.ts';
import { applySessionItems } from './apply-session-event.ts';
import type { UiSessionEvent, UiSessionView } from '../types.ts';

export function useSession(path: string, options: { live: boolean }): JsonState<UiSessionView> & { stream: StreamState } {
  const session = useJson<UiSessionView>(path);
  const running = options.live || session.data?.row.status === 'running';
  const stream = useEventSource<UiSessionEvent>(
    session.data && !session.loading && running ? `${path}/events` : undefined,
    (event) => {
      if (event.type === 'reset') session.reload();
      else if (event.type === 'items') session.update((view) => applySessionItems(view, event));
    },
    session.reload,
  );
  return { ...session, stream };
}
