import type { UiFleetEvent, UiFleetView, UiOk } from '../../types.ts';
import { sessionViewRoutes } from '../sessions/session-view-routes.ts';
import type { UiRoute } from '../types.ts';
import { approvalsOf } from './answer-request.ts';
import { FLEET_ROWS, fleetEventHub, ROW_PROMPT_BYTES, uiRateLimitOf } from './fleet-event-hub.ts';
import { fleetReply } from './fleet-reply.ts';
import { jobRowOf } from './job-row-of.ts';
import { jobViewOf } from './job-view-of.ts';
import { resolveJobSession } from './resolve-job-session.ts';

/** The latest events of a job its view reads: its progress and life log, never its whole stream. */
const VIEW_EVENTS = 200;
/** The bytes of its prompt a job's view carries (a prompt may be 1 MiB). */
const VIEW_PROMPT_BYTES = 65_536;

/**
 * The fleet: `GET /api/fleet`, `/api/fleet/events`, `/api/fleet/jobs/:id`, and what `codev queue approve|deny`
 * and `cancel` do (`POST .../answer`, `.../cancel`: the same `fleet.answer` and `fleet.cancel`).
 */
export function fleetRoutes(): UiRoute[] {
  return [
    {
      method: 'GET',
      pattern: '/api/fleet',
      handle: (_request, context) =>
        fleetReply(context, async (fleet) => {
          const [{ counts, jobs }, rateLimit] = await Promise.all([fleet.status({ limit: FLEET_ROWS, promptBytes: ROW_PROMPT_BYTES }), uiRateLimitOf(fleet)]);
          const view: UiFleetView = { queue: context.fleet!.queue, counts, jobs: jobs.map((job) => jobRowOf(job)), rateLimit };
          return { json: view };
        }),
    },
    {
      method: 'GET',
      pattern: '/api/fleet/events',
      handle: (_request, context) =>
        fleetReply(context, async (fleet) => ({
          async stream(send, signal) {
            const hub = fleetEventHub(fleet, context.signal);
            const stop = hub.subscribe((event: UiFleetEvent) => send(event));
            try {
              await new Promise<void>((resolve) => {
                if (signal.aborted) return resolve();
                signal.addEventListener('abort', () => resolve(), { once: true });
              });
            } finally {
              stop();
            }
          },
        })),
    },
    {
      method: 'GET',
      pattern: '/api/fleet/jobs/:id',
      handle: (request, context) => fleetReply(context, async (fleet) => ({ json: jobViewOf(await fleet.inspect(request.params.id!, { recentEvents: VIEW_EVENTS, promptBytes: VIEW_PROMPT_BYTES })) })),
    },
    {
      method: 'POST',
      pattern: '/api/fleet/jobs/:id/answer',
      handle: (request, context) =>
        fleetReply(context, async (fleet) => {
          const approvals = approvalsOf(request.body);
          await fleet.answer({ jobId: request.params.id!, approvals });
          const ok: UiOk = { ok: true };
          return { json: ok };
        }),
    },
    {
      method: 'POST',
      pattern: '/api/fleet/jobs/:id/cancel',
      handle: (request, context) =>
        fleetReply(context, async (fleet) => {
          await fleet.cancel(request.params.id!);
          const ok: UiOk = { ok: true };
          return { json: ok };
        }),
    },
    // The job's session, from the fleet's Redis store: its view, its results, live.
    ...sessionViewRoutes({ base: '/api/fleet/jobs/:id/session', resolve: resolveJobSession }),
  ];
}
