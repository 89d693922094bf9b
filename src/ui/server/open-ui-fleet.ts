import { CodevError, errorMessage } from '../../errors/codev-error.ts';
import { createFleet } from '../../fleet/create-fleet.ts';
import { fleetKeys } from '../../fleet/fleet-keys.ts';
import { connectRedis } from '../../fleet/redis/connect-redis.ts';
import { createRedisSessionStore } from '../../fleet/session-store/create-redis-session-store.ts';
import type { UiServerContext } from './types.ts';

/** The fleet of the UI and what closes it, or why it cannot be used: a Redis that does not answer never stops the UI. */
export type UiFleet = { fleet: NonNullable<UiServerContext['fleet']>; close(): Promise<void> } | { fleetError: NonNullable<UiServerContext['fleetError']> };

/** How long a fleet read may wait on Redis before it fails (the page says why rather than hanging). */
const COMMAND_TIMEOUT_MS = 5_000;

/** Opens the fleet at `url` and its Redis session store (the sessions of the fleet's jobs), on a connection of their own. */
export async function openUiFleet(options: { url: string; queue: string }): Promise<UiFleet> {
  let fleet;
  try {
    fleet = await createFleet({ connection: options.url, queue: options.queue });
    const redis = await connectRedis({ url: options.url, name: 'codev-ui:sessions', maxRetriesPerRequest: 2, commandTimeoutMs: COMMAND_TIMEOUT_MS, onConnection: () => {} });
    const opened = fleet;
    return {
      fleet: { fleet: opened, queue: options.queue, sessions: createRedisSessionStore({ redis, prefix: fleetKeys(options.queue).sessions }) },
      close: async () => {
        redis.disconnect();
        await opened.close();
      },
    };
  } catch (error) {
    await fleet?.close().catch(() => undefined);
    if (CodevError.isInstance(error)) return { fleetError: { code: error.code, message: error.message, ...(error.hint !== undefined && { hint: error.hint }) } };
    return { fleetError: { code: 'FLEET_REDIS_UNREACHABLE', message: errorMessage(error) } };
  }
}
