import { chownSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { createAgent } from '../../src/agent/create-agent.ts';
import type { AgentEvent, AgentOptions } from '../../src/agent/types.ts';
import { createFakeMessagesServer } from '../../src/testing/fake-messages-server/create-fake-messages-server.ts';
import { textReply, toolUseReply } from '../../src/testing/fake-messages-server/fake-reply.ts';
import type { FakeMessagesServer } from '../../src/testing/fake-messages-server/types.ts';
import { createTestKernel, type TestKernel } from '../../src/testing/create-test-kernel.ts';
import { useTemporaryFolders } from '../security/temporary-folders.ts';

// The checkpoint store cannot always be made or used: a project whose `.codev/checkpoints` is a file, or a
// link (a repository may ship one) to a folder elsewhere, past maxFiles. The agent goes on, says so once.

const temporary = useTemporaryFolders();
let server: FakeMessagesServer | undefined;
let test: TestKernel | undefined;
afterEach(async () => {
  await server?.close();
  await test?.cleanup();
});

/** Three turns, each with a Bash call that writes a file, then an answer: the query's events. */
async function threeTurns(options: { files?: Record<string, string>; prepare?: (root: string) => void; agent?: AgentOptions } = {}): Promise<{ events: AgentEvent[]; root: string; agent: ReturnType<typeof createAgent> }> {
  test = await createTestKernel({ mcp: false, env: { PATH: process.env.PATH, HOME: process.env.HOME }, files: { 'a.txt': 'a\n', ...options.files } });
  const root = test.root;
  options.prepare?.(root);
  const replies = [1, 2, 3].map((turn) => toolUseReply('Bash', { command: `echo ${turn} > turn-${turn}.txt` }, { id: `toolu_${turn}` }));
  server = await createFakeMessagesServer({ apiKey: 'test-key', script: (_request, index) => replies[index] ?? textReply('done') });
  const agent = createAgent({ kernel: test.kernel, apiKey: 'test-key', baseURL: server.url, maxRetries: 0, canUseTool: () => ({ behavior: 'allow' }), ...options.agent });
  const events: AgentEvent[] = [];
  for await (const event of agent.query('work')) events.push(event);
  await agent.close();
  return { events, root, agent };
}

const warnings = (events: AgentEvent[]) => events.filter((event) => event.type === 'warning').map((event) => (event as { code?: string }).code);

it('a project that is no git repository has its checkpoints all the same', async () => {
  const { events, agent } = await threeTurns();
  expect(warnings(events)).toEqual([]);
  expect(events.at(-1)).toMatchObject({ type: 'end', reason: 'end_turn' });
  expect((await agent.checkpoints()).map((checkpoint) => checkpoint.turn)).toEqual([1, 2, 3, 4]);
});

it('.codev/checkpoints a file: every turn runs, one CHECKPOINT_FAILED warning', async () => {
  const { events, root } = await threeTurns({ prepare: (root) => (mkdirSync(path.join(root, '.codev'), { recursive: true }), writeFileSync(path.join(root, '.codev', 'checkpoints'), 'not a folder\n')) });
  expect(warnings(events)).toEqual(['CHECKPOINT_FAILED']);
  expect(events.at(-1)).toMatchObject({ type: 'end', reason: 'end_turn' });
  expect(readdirSync(root).filter((name) => name.startsWith('turn-')).sort()).toEqual(['turn-1.txt', 'turn-2.txt', 'turn-3.txt']);
});

it('.codev/checkpoints a link to a folder elsewhere: nothing is written there', async () => {
  const elsewhere = temporary('codev-checkpoints-elsewhere-');
  const { events } = await threeTurns({ prepare: (root) => (mkdirSync(path.join(root, '.codev'), { recursive: true }), symlinkSync(elsewhere, path.join(root, '.codev', 'checkpoints'))) });
  expect(readdirSync(elsewhere)).toEqual([]);
  expect(warnings(events)).toEqual(['CHECKPOINT_FAILED']);
  expect(events.at(-1)).toMatchObject({ type: 'end', reason: 'end_turn' });
});

it('.codev a link to a folder elsewhere: no checkpoint store is made there', async () => {
  const elsewhere = temporary('codev-folder-elsewhere-');
  const { events } = await threeTurns({ prepare: (root) => symlinkSync(elsewhere, path.join(root, '.codev')) });
  expect(readdirSync(elsewhere)).not.toContain('checkpoints');
  expect(warnings(events).filter((code) => code === 'CHECKPOINT_FAILED').length).toBeLessThanOrEqual(1);
  expect(events.at(-1)).toMatchObject({ type: 'end', reason: 'end_turn' });
});

// Made by root for another user: only root can hand a folder to someone else.
it.runIf(process.getuid?.() === 0)('.codev/checkpoints owned by another user: no checkpoint is written into it', async () => {
  let store = '';
  const { events } = await threeTurns({ prepare: (root) => ((store = path.join(root, '.codev', 'checkpoints')), mkdirSync(store, { recursive: true }), chownSync(store, 54_321, 54_321)) });
  expect(readdirSync(store)).toEqual([]);
  expect(warnings(events)).toEqual(['CHECKPOINT_FAILED']);
  expect(events.at(-1)).toMatchObject({ type: 'end', reason: 'end_turn' });
});

it('past maxFiles: every turn runs, one CHECKPOINT_FAILED warning', async () => {
  const { events } = await threeTurns({ files: { 'b.txt': 'b\n', 'c.txt': 'c\n', 'd.txt': 'd\n' }, agent: { checkpoints: { maxFiles: 2 } } });
  expect(warnings(events)).toEqual(['CHECKPOINT_FAILED']);
  expect(events.at(-1)).toMatchObject({ type: 'end', reason: 'end_turn' });
});
