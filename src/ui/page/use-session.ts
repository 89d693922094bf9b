/**
 * A session view read once, then kept live over its event stream while it runs (`reset` reads it again). The
 * stream opens only once a read has ended, and a reconnect reads the view again: a stream's first event carries
 * only the latest entries, enough for the moments between a read and its stream, not for a long disconnection.
 */
import { useJson, type JsonState } from './use-json.ts';
import { useEventSource } from './use-event-source.ts';
import { applySessionItems } from './apply-session-event.ts';
import type { UiSessionEvent, UiSessionView } from '../types.ts';

export function useSession(path: string, options: { live: boolean }): JsonState<UiSessionView> {
  const session = useJson<UiSessionView>(path);
  const running = options.live || session.data?.row.status === 'running';
  useEventSource<UiSessionEvent>(
    session.data && !session.loading && running ? `${path}/events` : undefined,
    (event) => {
      if (event.type === 'reset') session.reload();
      else if (event.type === 'items') session.update((view) => applySessionItems(view, event));
    },
    session.reload,
  );
  return session;
}
