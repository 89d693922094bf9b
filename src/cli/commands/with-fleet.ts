import { CodevError } from '../../errors/codev-error.ts';
import { createFleet } from '../../fleet/create-fleet.ts';
import { fleetRedisError } from '../../fleet/redis/fleet-redis-error.ts';
import type { Fleet } from '../../fleet/types.ts';
import type { FleetTarget } from './resolve-fleet-target.ts';

/**
 * Opens the fleet at `target`, hands it to `use`, and closes it whatever `use` did. A Redis failure that
 * reaches here as ioredis' own error (a watch's reads) is told as `FLEET_REDIS_UNREACHABLE` or
 * `FLEET_REDIS_AUTH_FAILED`, naming the URL without its password.
 */
export async function withFleet<Result>(target: FleetTarget, use: (fleet: Fleet) => Promise<Result>): Promise<Result> {
  const fleet = await createFleet({ connection: target.url, queue: target.queue });
  try {
    return await use(fleet);
  } catch (error) {
    throw (CodevError.isInstance(error) ? undefined : fleetRedisError({ url: target.url, cause: error })) ?? error;
  } finally {
    await fleet.close();
  }
}
