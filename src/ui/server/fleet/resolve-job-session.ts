import { CodevError } from '../../../errors/codev-error.ts';
import type { SessionStore } from '../../../transcripts/types.ts';
import type { UiSessionStatus } from '../../types.ts';
import type { UiRequest, UiServerContext } from '../types.ts';

/**
 * The session of the job `:id` names, in the fleet's Redis store, as the sessions' `sessionViewRoutes` asks
 * its `resolve` (`GET /api/fleet/jobs/:id/session`, `.../session/events`): its status from the job's state
 * (running while a worker runs it, waiting while it is parked). `FLEET_NOT_CONFIGURED` with no fleet, the
 * fleet's error when it could not be opened, `JOB_NOT_FOUND`, and `SESSION_NOT_FOUND` before the job started one.
 */
export async function resolveJobSession(request: UiRequest, context: UiServerContext): Promise<{ store: SessionStore; id: string; statusOf: (id: string) => Promise<UiSessionStatus> }> {
  if (context.fleetError) throw new CodevError(context.fleetError.code as never, context.fleetError.message, { ...(context.fleetError.hint !== undefined && { hint: context.fleetError.hint }) });
  if (!context.fleet) throw new CodevError('FLEET_NOT_CONFIGURED', 'No fleet is configured', { hint: 'set CODEV_REDIS_URL (or codev ui --redis URL)' });
  const { fleet, sessions } = context.fleet;
  const jobId = request.params.id!;
  const { sessionId } = await fleet.inspect(jobId, { recentEvents: 0, promptBytes: 0 });
  if (sessionId === undefined) throw new CodevError('SESSION_NOT_FOUND', `Job ${jobId} has no session yet`, { hint: 'it starts one when a worker takes it' });
  return {
    store: sessions,
    id: sessionId,
    async statusOf() {
      const { summary } = await fleet.inspect(jobId, { recentEvents: 0, promptBytes: 0 });
      return summary.state === 'active' ? 'running' : summary.state === 'parked' ? 'waiting' : 'idle';
    },
  };
}
