/** Test-only: the servers a fleet test file with real `codev worker` processes shares. */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll } from 'vitest';
import { startRedisServer, type RedisServer } from '../../../src/fleet/test-fixtures/start-redis-server.ts';
import { createFakeMessagesServer, type FakeMessagesServer } from '../../../src/testing/index.ts';
import { killCodevProcesses } from '../../cli/start-codev-process.ts';

type MessagesScript = Parameters<typeof createFakeMessagesServer>[0]['script'];

/** A real Redis and the fake Messages server, both running while the file's tests run. */
export interface FleetServers {
  readonly redis: RedisServer;
  readonly server: FakeMessagesServer;
}

/**
 * Registers a test file's hooks: before all, `prepare` (its project, repositories...), a real Redis
 * (append-only when `appendOnly`) and the fake Messages server (key `test-key`) playing `script`; after all,
 * every codev process the file started killed, both servers stopped and `folder` removed.
 */
export function useFleetServers(options: { folder: string; prepare: () => void; script: MessagesScript; appendOnly?: boolean }): FleetServers {
  let redis: RedisServer | undefined;
  let server: FakeMessagesServer | undefined;
  beforeAll(async () => {
    options.prepare();
    redis = await startRedisServer(options.appendOnly ? { appendOnly: true } : undefined);
    server = await createFakeMessagesServer({ apiKey: 'test-key', script: options.script });
  });
  afterAll(async () => {
    killCodevProcesses();
    await server?.close();
    await redis?.stop();
    rmSync(options.folder, { recursive: true, force: true });
  });
  return {
    get redis() {
      return redis!;
    },
    get server() {
      return server!;
    },
  };
}
