import type { UiRoute, UiServerContext } from '../types.ts';
import { listSessionRows } from './list-session-rows.ts';
import { parseSessionListQuery } from './session-list-query.ts';
import { sessionViewRoutes } from './session-view-routes.ts';

/** The sessions of the project's file store: the list, one session, one result whole, and a session live. */
export function sessionRoutes(): UiRoute[] {
  return [
    {
      method: 'GET',
      pattern: '/api/sessions',
      handle: async (request, context) => ({ json: await listSessionRows({ store: context.sessions, sessionsDirectory: context.sessionsDirectory, query: parseSessionListQuery(request.query) }) }),
    },
    ...sessionViewRoutes({
      base: '/api/sessions/:id',
      resolve: async (request, context) => ({ store: context.sessions, sessionsDirectory: context.sessionsDirectory, id: request.params.id!, childrenOf: (id) => childrenOf(context, id) }),
    }),
  ];
}

/** The sessions whose parent is `id` (its subagents), from the listing. */
async function childrenOf(context: UiServerContext, id: string): Promise<string[]> {
  const summaries = await context.sessions.list();
  return summaries.filter((summary) => summary.parentSessionId === id).sort((left, right) => left.createdAt.localeCompare(right.createdAt)).map((summary) => summary.id);
}
