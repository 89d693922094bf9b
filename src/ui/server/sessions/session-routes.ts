import type { UiServerContext, UiRoute } from '../types.ts';
import type { UiSessionEvent } from '../../types.ts';
import { followSession } from './follow-session.ts';
import { listSessionRows } from './list-session-rows.ts';
import { readSessionView } from './read-session-view.ts';
import { readToolResultText } from './read-tool-result-text.ts';
import { parseSessionListQuery } from './session-list-query.ts';

/** The sessions of the project's file store: the list, one session, one result whole, and a session live. */
export function sessionRoutes(): UiRoute[] {
  const sourceOf = (context: UiServerContext) => ({ store: context.sessions, sessionsDirectory: context.sessionsDirectory });
  return [
    {
      method: 'GET',
      pattern: '/api/sessions',
      handle: async (request, context) => ({ json: await listSessionRows({ ...sourceOf(context), query: parseSessionListQuery(request.query) }) }),
    },
    {
      method: 'GET',
      pattern: '/api/sessions/:id',
      handle: async (request, context) => ({ json: await readSessionView({ ...sourceOf(context), id: request.params.id!, childrenOf: (id) => childrenOf(context, id) }) }),
    },
    {
      method: 'GET',
      pattern: '/api/sessions/:id/results/:toolUseId',
      handle: async (request, context) => ({ json: await readToolResultText({ ...sourceOf(context), id: request.params.id!, toolUseId: request.params.toolUseId! }) }),
    },
    {
      method: 'GET',
      pattern: '/api/sessions/:id/events',
      handle: async (request, context) => {
        const id = request.params.id!;
        // Before the stream starts: a session that is not there answers SESSION_NOT_FOUND, not an empty stream.
        await context.sessions.readMetadata?.(id);
        return { stream: (send, signal) => followSession({ ...sourceOf(context), id, signal, send: send as (event: UiSessionEvent) => void }) };
      },
    },
  ];
}

/** The sessions whose parent is `id` (its subagents), from the listing. */
async function childrenOf(context: UiServerContext, id: string): Promise<string[]> {
  const summaries = await context.sessions.list();
  return summaries.filter((summary) => summary.parentSessionId === id).sort((left, right) => left.createdAt.localeCompare(right.createdAt)).map((summary) => summary.id);
}
