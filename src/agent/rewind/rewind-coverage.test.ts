import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { createFakeMessagesServer } from '../../testing/fake-messages-server/create-fake-messages-server.ts';
import { textReply, toolUseReply, type FakeReply } from '../../testing/fake-messages-server/fake-reply.ts';
import type { FakeMessagesServer } from '../../testing/fake-messages-server/types.ts';
import type { TestKernel } from '../../testing/create-test-kernel.ts';
import { rejectionCode } from '../../testing/rejection-code.ts';
import { createAgent } from '../create-agent.ts';
import type { AgentEvent } from '../types.ts';
import { createFileSessionStore } from '../../transcripts/create-file-session-store.ts';
import { sessionsDirectory } from '../../transcripts/sessions-directory.ts';
import { listCheckpoints } from './list-checkpoints.ts';
import { rewindSession } from './rewind-session.ts';
import { createRewindProject, filesOf } from './test-fixtures/rewind-project.ts';

// Every change a turn makes is undone, whoever made it in the working directories: parallel calls, a
// subagent in the same cwd, a command in an additional working directory.

let server: FakeMessagesServer | undefined;
let test: TestKernel | undefined;
const made: string[] = [];
afterEach(async () => {
  await server?.close();
  await test?.cleanup();
  for (const folder of made.splice(0)) rmSync(folder, { recursive: true, force: true });
});
const temporary = (prefix: string) => {
  const folder = realpathSync(mkdtempSync(path.join(os.tmpdir(), prefix)));
  made.push(folder);
  return folder;
};

async function run(options: { replies: (root: string, shared: string) => FakeReply[]; shared?: boolean }) {
  const shared = temporary('codev-rewind-shared-');
  writeFileSync(path.join(shared, 'data.txt'), 'shared data\n');
  const config: Record<string, string> = options.shared ? { 'codev.config.json': JSON.stringify({ permissions: { additionalDirectories: [shared] } }) } : {};
  test = await createRewindProject({ files: config });
  const replies = options.replies(test.root, shared);
  server = await createFakeMessagesServer({ apiKey: 'test-key', script: (_request, index) => replies[index] ?? textReply('done') });
  const agent = createAgent({ kernel: test.kernel, apiKey: 'test-key', baseURL: server.url, maxRetries: 0, canUseTool: () => ({ behavior: 'allow' }) });
  const before = { project: filesOf(test.root), shared: filesOf(shared) };
  const events: AgentEvent[] = [];
  for await (const event of agent.query('work')) events.push(event);
  expect(events.filter((event) => event.type === 'warning' || event.type === 'error')).toEqual([]);
  expect(events.filter((event) => event.type === 'tool-result').every((event) => (event as { status: string }).status === 'ok')).toBe(true);
  return { agent, before, shared, root: test.root };
}

it('a turn with parallel calls (Write and two Bash at once) is undone whole', async () => {
  const { agent, before, root } = await run({
    replies: (root) => [
      {
        content: [
          { type: 'tool_use', id: 'toolu_w', name: 'Write', input: { file_path: path.join(root, 'w.txt'), content: 'written\n' } },
          { type: 'tool_use', id: 'toolu_b', name: 'Bash', input: { command: 'rm -rf src && echo x > x.txt' } },
          { type: 'tool_use', id: 'toolu_b2', name: 'Bash', input: { command: 'chmod +x c.sh && ln -sf notes.md link2' } },
        ],
      },
    ],
  });
  expect(existsSync(path.join(root, 'src'))).toBe(false);
  await agent.rewind({ to: 1 });
  expect(filesOf(root)).toEqual(before.project);
  await agent.close();
});

it('a subagent working in the same cwd: its changes fall in its parent\'s turn and are undone with it; it records no checkpoint of its own', async () => {
  const { agent, before, root } = await run({
    replies: (root) => [
      toolUseReply('Agent', { description: 'change files', prompt: 'change the files' }, { id: 'toolu_agent' }),
      toolUseReply('Bash', { command: 'rm a.txt && echo sub > sub.txt' }, { id: 'toolu_sub_bash' }),
      toolUseReply('Write', { file_path: path.join(root, 'written.txt'), content: 'written by the subagent\n' }, { id: 'toolu_sub_write' }),
      textReply('subagent done'),
      textReply('parent done'),
    ],
  });
  expect(readFileSync(path.join(root, 'sub.txt'), 'utf8')).toBe('sub\n');
  const checkpoints = await agent.checkpoints();
  expect(checkpoints.map((checkpoint) => checkpoint.turn)).toEqual([1, 2]);
  expect(checkpoints[0]!.files.map((file) => `${file.status} ${file.path}`).sort()).toEqual(['added sub.txt', 'added written.txt', 'deleted a.txt']);
  const store = createFileSessionStore({ directory: sessionsDirectory(root) });
  const subagentSessions = (await store.list()).filter((summary) => summary.id !== agent.sessionId);
  expect(subagentSessions.length).toBeGreaterThan(0);
  for (const summary of subagentSessions) expect((await store.read(summary.id)).checkpoints).toBeUndefined();
  await agent.rewind({ to: 1 });
  expect(filesOf(root)).toEqual(before.project);
  await agent.close();
});

it('an additional working directory is recorded and put back by agent.rewind; rewindSession puts it back only when told it is a working directory', async () => {
  const { agent, before, shared, root } = await run({
    shared: true,
    replies: (_root, shared) => [toolUseReply('Bash', { command: `rm ${path.join(shared, 'data.txt')} && echo new > ${path.join(shared, 'new.txt')}` }, { id: 'toolu_shared' })],
  });
  expect(filesOf(shared)).toEqual({ 'new.txt': 'new\n' });
  const sessionId = agent.sessionId!;
  await agent.rewind({ to: 1, conversation: false });
  expect(filesOf(shared)).toEqual(before.shared);
  await agent.close();
  mkdirSync(path.join(shared, 'later'));
  writeFileSync(path.join(shared, 'later', 'f.txt'), 'later\n');
  // codev rewind knows the project, not the agent's other folders: it is told them, else refuses.
  expect(await rejectionCode(rewindSession({ sessionId, projectRoot: root, to: 2, conversation: false, conflicts: 'overwrite' }))).toBe('REWIND_BLOCKED');
  expect(filesOf(shared)).toEqual({ ...before.shared, 'later/f.txt': 'later\n' });
  expect((await listCheckpoints({ sessionId, projectRoot: root })).map((checkpoint) => checkpoint.turn)).toEqual([1, 2]);
  await rewindSession({ sessionId, projectRoot: root, to: 2, conversation: false, conflicts: 'overwrite', workingDirectories: [root, shared] });
  expect(filesOf(shared)).toEqual({ 'new.txt': 'new\n' });
});

it('a background command that writes after its query ended: its file is not known as the agent\'s (a conflict), and the rewind with overwrite undoes it', async () => {
  // The trigger and the sign it is done are in the project's ignored build/ (a sandboxed command writes only in the working directories).
  const { agent, before, root } = await run({
    replies: () => [toolUseReply('Bash', { command: 'while [ ! -e build/go ]; do sleep 0.05; done; echo late > late.txt; touch build/done', run_in_background: true }, { id: 'toolu_background' })],
  });
  writeFileSync(path.join(root, 'build', 'go'), '');
  while (!existsSync(path.join(root, 'build', 'done'))) await new Promise((resolve) => setTimeout(resolve, 20));
  const preview = await agent.rewind({ to: 1, dryRun: true });
  expect(preview.files!.conflicts).toEqual([{ root, path: 'late.txt', reason: 'changed-since' }]);
  expect(await rejectionCode(agent.rewind({ to: 1 }))).toBe('REWIND_CONFLICT');
  await agent.rewind({ to: 1, conflicts: 'overwrite' });
  expect(filesOf(root)).toEqual(before.project);
  await agent.close();
});

it('calls approved later (deferred, then resume({ approvals }) in another agent) fall in the turn that made them: a rewind to it undoes them with the calls that ran before the pause', async () => {
  test = await createRewindProject();
  const root = test.root;
  const replies: FakeReply[] = [
    {
      content: [
        { type: 'tool_use', id: 'toolu_write', name: 'Write', input: { file_path: path.join(root, 'new.txt'), content: 'new\n' } },
        { type: 'tool_use', id: 'toolu_rm', name: 'Bash', input: { command: 'rm a.txt && echo approved > approved.txt' } },
      ],
    },
    textReply('done'),
  ];
  server = await createFakeMessagesServer({ apiKey: 'test-key', script: (_request, index) => replies[index] ?? textReply('again') });
  const before = filesOf(root);
  const options = { kernel: test.kernel, apiKey: 'test-key', baseURL: server.url, maxRetries: 0 };
  const first = createAgent({ ...options, canUseTool: (tool) => (tool.name === 'Bash' ? { behavior: 'defer', message: 'a person decides' } : { behavior: 'allow' }) });
  const paused: AgentEvent[] = [];
  for await (const event of first.query('work')) paused.push(event);
  expect(paused.at(-1)).toMatchObject({ type: 'end', reason: 'deferred' });
  await first.close();
  const resumed = createAgent({ ...options, resume: first.sessionId!, canUseTool: () => ({ behavior: 'allow' }) });
  const events: AgentEvent[] = [];
  for await (const event of resumed.resume({ approvals: { toolu_rm: { behavior: 'allow' } } })) events.push(event);
  expect(events.at(-1)).toMatchObject({ type: 'end', reason: 'end_turn' });
  expect(filesOf(root)['approved.txt']).toBe('approved\n');
  const checkpoints = await resumed.checkpoints();
  expect(checkpoints.map((checkpoint) => checkpoint.turn)).toEqual([1, 2]);
  expect(checkpoints[0]!.files.map((file) => `${file.status} ${file.path}`).sort()).toEqual(['added approved.txt', 'added new.txt', 'deleted a.txt']);
  await resumed.rewind({ to: 1 });
  expect(filesOf(root)).toEqual(before);
  await resumed.close();
});
