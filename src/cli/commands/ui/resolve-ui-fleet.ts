import { CodevError } from '../../../errors/codev-error.ts';
import { resolveFleetTarget } from '../resolve-fleet-target.ts';

/** The fleet `codev ui` shows: --redis, else CODEV_REDIS_URL, else the config's; none configured is no fleet (not an error). */
export async function resolveUiFleet(options: { redis?: string; queue?: string; cwd: string; env: Readonly<Record<string, string | undefined>> }): Promise<{ redis: string; queue: string } | undefined> {
  try {
    const target = await resolveFleetTarget(options);
    return { redis: target.url, queue: target.queue };
  } catch (error) {
    if (CodevError.isInstance(error) && error.code === 'FLEET_NOT_CONFIGURED') return undefined;
    throw error;
  }
}
