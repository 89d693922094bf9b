import { CodevError, errorMessage } from '../../errors/codev-error.ts';

/** The two optional peers codev/fleet runs on. */
export interface FleetModules {
  bullmq: typeof import('bullmq');
  /** The ioredis client class: fleet code always builds its clients itself (see `connectRedis`). */
  Redis: typeof import('ioredis').Redis;
}

const INSTALL = 'npm i bullmq@^6.7.6 ioredis@^6.1.0';

let loading: Promise<FleetModules> | undefined;

/**
 * Loads `bullmq` and `ioredis`, once per process: they are optional peers, so a single-machine user who
 * never touches codev/fleet needs neither. `FLEET_UNAVAILABLE` (with the install command) when either is
 * missing or fails to load; a later call tries again, so installing them mid-process is enough.
 */
export function loadFleetModules(): Promise<FleetModules> {
  loading ??= importFleetModules().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

async function importFleetModules(): Promise<FleetModules> {
  try {
    const [bullmq, ioredis] = await Promise.all([import('bullmq'), import('ioredis')]);
    return { bullmq, Redis: ioredis.Redis };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const missing = code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND';
    const message = missing ? `codev/fleet needs bullmq and ioredis, which are not installed (${errorMessage(error)})` : `bullmq or ioredis could not be loaded: ${errorMessage(error)}`;
    throw new CodevError('FLEET_UNAVAILABLE', message, { hint: INSTALL, cause: error });
  }
}
