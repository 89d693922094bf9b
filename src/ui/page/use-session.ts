/** A session view read once, then kept live over its event stream while it runs (`reset` reads it again). */
import { useJson, type JsonState } from './use-json.ts';
import { useEventSource } from './use-event-source.ts';
import { applySessionItems } from './apply-session-event.ts';
import type { UiSessionEvent, UiSessionView } from '../types.ts';

export function useSession(path: string, options: { live: boolean }): JsonState<UiSessionView> {
  const session = useJson<UiSessionView>(path);
  const running = options.live || session.data?.row.status === 'running';
  useEventSource<UiSessionEvent>(session.data && running ? `${path}/events` : undefined, (event) => {
    if (event.type === 'reset') session.reload();
    else if (event.type === 'items') session.update((view) => applySessionItems(view, event));
  });
  return session;
}
