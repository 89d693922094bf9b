import type { UiSessionEvent } from '../../types.ts';
import type { UiRequest, UiRoute, UiServerContext } from '../types.ts';
import { followSession } from './follow-session.ts';
import { readSessionView, type SessionViewOptions } from './read-session-view.ts';
import { readToolResultText } from './read-tool-result-text.ts';

/** Which session a request names, in which store: what `sessionViewRoutes` asks of its caller. */
export type ResolveSession = (request: UiRequest, context: UiServerContext) => Promise<SessionViewOptions & { childrenOf?: (id: string) => Promise<string[]> }>;

/**
 * The routes that show one session, under `base` (a pattern, e.g. `/api/sessions/:id` or
 * `/api/fleet/jobs/:id/session`): `base` answers `UiSessionView`, `base/events` follows it live,
 * `base/results/:toolUseId` answers one result whole. `resolve` says which session and store (the file
 * store with its folder, or the fleet's Redis store, whose saved result files are not read: the transcript's
 * text is answered). A session that is not there is `SESSION_NOT_FOUND` before any stream starts.
 */
export function sessionViewRoutes(options: { base: string; resolve: ResolveSession }): UiRoute[] {
  const { base, resolve } = options;
  return [
    { method: 'GET', pattern: base, handle: async (request, context) => ({ json: await readSessionView(await resolve(request, context)) }) },
    {
      method: 'GET',
      pattern: `${base}/results/:toolUseId`,
      handle: async (request, context) => ({ json: await readToolResultText({ ...(await resolve(request, context)), toolUseId: request.params.toolUseId! }) }),
    },
    {
      method: 'GET',
      pattern: `${base}/events`,
      handle: async (request, context) => {
        const session = await resolve(request, context);
        await session.store.readMetadata?.(session.id);
        return { stream: (send, signal) => followSession({ ...session, signal, send: send as (event: UiSessionEvent) => Promise<void> }) };
      },
    },
  ];
}
