import { CodevError } from '../../../errors/codev-error.ts';
import type { Fleet } from '../../../fleet/types.ts';
import type { UiReply, UiServerContext } from '../types.ts';

/** Codes of a fleet that cannot be reached now (Redis away, a refused password): 503, the UI server goes on. */
const UNAVAILABLE = new Set(['FLEET_REDIS_UNREACHABLE', 'FLEET_REDIS_AUTH_FAILED', 'FLEET_UNAVAILABLE']);

/** 409: the request came too late or second (a call answered already). */
const CONFLICT = new Set(['JOB_ALREADY_ANSWERED']);

/**
 * Runs a fleet route's work: `FLEET_NOT_CONFIGURED` (404) with no fleet, the fleet's error (503, its code)
 * when it could not be opened, and a Redis failure meanwhile 503 with its code; other failures as the server answers them.
 */
export async function fleetReply(context: UiServerContext, work: (fleet: Fleet) => Promise<UiReply>): Promise<UiReply> {
  if (context.fleetError) return { status: 503, json: { error: context.fleetError } };
  if (!context.fleet) throw new CodevError('FLEET_NOT_CONFIGURED', 'No fleet is configured', { hint: 'set CODEV_REDIS_URL (or codev ui --redis URL)' });
  try {
    return await work(context.fleet.fleet);
  } catch (error) {
    if (!CodevError.isInstance(error)) throw error;
    const status = UNAVAILABLE.has(error.code) ? 503 : CONFLICT.has(error.code) ? 409 : undefined;
    if (status === undefined) throw error;
    return { status, json: { error: { code: error.code, message: error.message, ...(error.hint !== undefined && { hint: error.hint }) } } };
  }
}
