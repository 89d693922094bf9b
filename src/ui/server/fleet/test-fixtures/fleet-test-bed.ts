import { randomUUID } from 'node:crypto';
import { mkdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createFleet } from '../../../../fleet/create-fleet.ts';
import { startRedisServer, type RedisServer } from '../../../../fleet/test-fixtures/start-redis-server.ts';
import type { Fleet, FleetWorker } from '../../../../fleet/types.ts';
import { createFakeMessagesServer, textReply, type FakeMessagesServer, type FakeReply } from '../../../../testing/index.ts';
import type { UiServerContext } from '../../types.ts';
import { fleetRoutes } from '../fleet-routes.ts';
import { serveUiRoutes, type RoutesServer } from './serve-ui-routes.ts';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const NOTE_PLUGIN = `import { buildTool } from 'codev/plugin';
import { z } from 'zod';
export default buildTool({
  name: 'Note',
  description: 'Writes a note',
  inputSchema: z.object({ text: z.string() }),
  isReadOnly: () => false,
  async call({ text }) { return { data: 'noted: ' + text }; },
});
`;

/** A real Redis, a fake model API, a project with an agent script, and the fleet routes served over loopback. For tests. */
export interface FleetTestBed {
  redis: RedisServer;
  model: FakeMessagesServer;
  /** The agent script jobs run (in this folder). */
  script: string;
  project: string;
  /** Sets the model's replies, counted from the next request. */
  replies(next: (index: number) => FakeReply): void;
  /** Opens a fleet on a new queue, a worker on it (unless `worker: false`), and serves the routes over it. */
  open(options?: { worker?: boolean }): Promise<{ fleet: Fleet; ui: RoutesServer; queue: string }>;
  /** Closes what `open` opened. */
  closeOpened(): Promise<void>;
  close(): Promise<void>;
}

export async function startFleetTestBed(name: string): Promise<FleetTestBed> {
  // In the repo, by its real path, so that the plugin resolves `codev/plugin` and `zod` the way a user's does.
  const project = path.join(realpathSync(path.join(REPO, 'node_modules')), '.cache', `codev-${name}-${process.pid}`);
  mkdirSync(path.join(project, 'plugins'), { recursive: true });
  writeFileSync(path.join(project, 'plugins/note.ts'), NOTE_PLUGIN);
  writeFileSync(path.join(project, 'package.json'), '{ "name": "ui-fleet-test", "private": true }\n');
  writeFileSync(path.join(project, 'agent.ts'), "export default { system: 'You are a fleet test agent.' };\n");
  const redis = await startRedisServer();
  let reply: (index: number) => FakeReply = () => textReply('done');
  let first = 0;
  const model = await createFakeMessagesServer({ apiKey: 'test-key', script: (_request, index) => reply(index - first) });
  const opened: { fleet?: Fleet; worker?: FleetWorker; ui?: RoutesServer } = {};
  const bed: FleetTestBed = {
    redis,
    model,
    script: path.join(project, 'agent.ts'),
    project,
    replies(next) {
      first = model.requests.length;
      reply = next;
    },
    async open(options = {}) {
      const queue = `ui-${randomUUID().slice(0, 8)}`;
      const fleet = await createFleet({ connection: redis.url, queue, env: {} });
      opened.fleet = fleet;
      if (options.worker !== false) opened.worker = await fleet.worker({ env: { ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: model.url, CODEV_MAX_RETRIES: '0' }, scriptRoots: [project], lockDurationMs: 5_000, stalledIntervalMs: 2_500, workspaceRoot: path.join(project, 'workspaces') });
      opened.ui = await serveUiRoutes({ routes: fleetRoutes(), context: { projectRoot: project, fleet: { fleet, queue, sessions: undefined as never } } as unknown as Omit<UiServerContext, 'signal'> });
      return { fleet, ui: opened.ui, queue };
    },
    async closeOpened() {
      await opened.ui?.close();
      await opened.worker?.close({ force: true });
      await opened.fleet?.close();
      opened.ui = opened.worker = opened.fleet = undefined;
    },
    async close() {
      await bed.closeOpened();
      await model.close();
      await redis.stop();
      rmSync(project, { recursive: true, force: true });
    },
  };
  return bed;
}

/** Polls `read` until `test` holds (30 s at most). */
export async function eventually<T>(read: () => Promise<T>, test: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await read();
    if (test(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not seen; last ${JSON.stringify(value).slice(0, 1500)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
