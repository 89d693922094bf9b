import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defineHook } from '../../hooks/define-hook.ts';
import type { ToolHook } from '../../hooks/types.ts';
import { rejectionCode } from '../../testing/rejection-code.ts';
import { createFakeMessagesServer } from '../../testing/fake-messages-server/create-fake-messages-server.ts';
import { textReply, toolUseReply, type FakeReply } from '../../testing/fake-messages-server/fake-reply.ts';
import type { FakeMessagesServer } from '../../testing/fake-messages-server/types.ts';
import type { TestKernel } from '../../testing/create-test-kernel.ts';
import { createFileSessionStore } from '../../transcripts/create-file-session-store.ts';
import { sessionsDirectory } from '../../transcripts/sessions-directory.ts';
import { createAgent } from '../create-agent.ts';
import type { AgentEvent, AgentOptions } from '../types.ts';
import { pruneSessions } from '../prune-sessions.ts';
import { listCheckpoints } from './list-checkpoints.ts';
import { rewindSession } from './rewind-session.ts';
import { createRewindProject, filesOf, git, rewindRunReplies } from './test-fixtures/rewind-project.ts';

let server: FakeMessagesServer;
let test: TestKernel;
let replies: FakeReply[] = [];
const agents: ReturnType<typeof createAgent>[] = [];

beforeEach(async () => {
  test = await createRewindProject();
  replies = rewindRunReplies(test.root);
  server = await createFakeMessagesServer({ apiKey: 'test-key', script: (_request, index) => replies[index] ?? textReply(`reply ${index}`) });
});
afterEach(async () => {
  await Promise.all(agents.splice(0).map((agent) => agent.close()));
  await server.close();
  await test.cleanup();
});

const agentOf = (options: AgentOptions & { hooks?: ToolHook[] } = {}) => {
  const { hooks = [], ...agentOptions } = options;
  const agent = createAgent({
    kernel: test.kernel,
    apiKey: 'test-key',
    baseURL: server.url,
    maxRetries: 0,
    canUseTool: () => ({ behavior: 'allow' }),
    createToolUseContext: (signal) => Object.assign(test.kernel.createToolUseContext({ signal }), { hooks: [...test.kernel.hooks, ...hooks] }),
    ...agentOptions,
  });
  agents.push(agent);
  return agent;
};

async function drain(events: AsyncIterable<AgentEvent>): Promise<AgentEvent[]> {
  const seen: AgentEvent[] = [];
  for await (const event of events) seen.push(event);
  return seen;
}

/** The scripted run: 5 turns; returns the agent and the files before each turn's tool calls. */
async function runTheWork(options: AgentOptions & { hooks?: ToolHook[] } = {}) {
  const agent = agentOf(options);
  const before = filesOf(test.root);
  const events = await drain(agent.query('do the work'));
  const failures = events.filter((event) => event.type === 'warning' || event.type === 'error');
  expect(failures).toEqual([]);
  expect(events.filter((event) => event.type === 'tool-result').map((event) => (event as { status: string }).status)).toEqual(['ok', 'ok', 'ok', 'ok']);
  return { agent, before };
}

const afterTurn1 = (before: Record<string, string>) => ({ ...before, 'new.txt': 'new file\n' });
const summary = (files: readonly { path: string; status: string }[]) => files.map((file) => `${file.status} ${file.path}`).sort();

describe('file checkpoints of an agent', () => {
  it('are recorded before each turn, and agent.checkpoints() lists what each turn changed', async () => {
    const { agent } = await runTheWork();
    const checkpoints = await agent.checkpoints();
    expect(checkpoints.map((checkpoint) => checkpoint.turn)).toEqual([1, 2, 3, 4, 5]);
    expect(checkpoints[0]!.prompt).toBe('do the work');
    expect(checkpoints[1]!.prompt).toBeUndefined();
    expect(summary(checkpoints[0]!.files)).toEqual(['added new.txt']);
    expect(summary(checkpoints[1]!.files)).toEqual(['added b.txt', 'deleted a.txt', 'deleted src/main.ts', 'deleted src/util.ts', 'mode-changed c.sh']);
    expect(checkpoints[2]!.files).toEqual([]);
    expect(summary(checkpoints[3]!.files)).toEqual(['modified notes.md']);
    expect(checkpoints[3]!.files[0]).toMatchObject({ additions: 1, deletions: 1 });
    expect(checkpoints[4]!.files).toEqual([]);
    // Each names the message its turn answered and its reply, as the transcript has them.
    const messages = (await createFileSessionStore({ directory: sessionsDirectory(test.root) }).read(agent.sessionId!)).messages;
    expect(checkpoints.map((checkpoint) => messages.findIndex((entry) => entry.uuid === checkpoint.replyUuid))).toEqual([1, 3, 5, 7, 9]);
    expect(checkpoints.map((checkpoint) => messages.findIndex((entry) => entry.uuid === checkpoint.messageUuid))).toEqual([0, 2, 4, 6, 8]);
  });

  it('are off with checkpoints: false, and for a session that is not persisted', async () => {
    const off = await runTheWork({ checkpoints: false });
    expect(await off.agent.checkpoints()).toEqual([]);
    replies = rewindRunReplies(test.root).slice(2);
    const unsaved = agentOf({ persistSession: false });
    await drain(unsaved.query('read'));
    expect(await unsaved.checkpoints()).toEqual([]);
  });

  it('are off for the project\'s agents with the config\'s checkpoints: false, unless an agent turns them on', async () => {
    await test.cleanup();
    test = await createRewindProject({ files: { 'codev.config.json': '{ "checkpoints": false }\n' } });
    replies = rewindRunReplies(test.root);
    const off = await runTheWork();
    expect(await off.agent.checkpoints()).toEqual([]);
    replies = [...rewindRunReplies(test.root), toolUseReply('Read', { file_path: path.join(test.root, 'notes.md') }), textReply('read')];
    const on = agentOf({ checkpoints: { maxFileBytes: 1_000_000 } });
    await drain(on.query('read it'));
    expect((await on.checkpoints()).map((checkpoint) => checkpoint.turn)).toEqual([1, 2]);
  });

  it('a resumed session goes on numbering its turns', async () => {
    const { agent } = await runTheWork();
    await agent.close();
    replies = [...rewindRunReplies(test.root), toolUseReply('Read', { file_path: path.join(test.root, 'b.txt') }), textReply('read it')];
    const resumed = agentOf({ resume: agent.sessionId! });
    // The fake server's script goes on from its 6th reply.
    await drain(resumed.query('read b'));
    expect((await resumed.checkpoints()).map((checkpoint) => checkpoint.turn)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
});

describe('agent.rewind', () => {
  it('to turn 2 puts the files back exactly as they were before its Bash, and goes on in a fork of the conversation', async () => {
    const { agent, before } = await runTheWork();
    const original = agent.sessionId!;
    const store = createFileSessionStore({ directory: sessionsDirectory(test.root) });
    const originalMessages = (await store.read(original)).messages;
    const head = git(test.root, 'rev-parse', 'HEAD');
    const indexBefore = git(test.root, 'ls-files', '-s');
    const result = await agent.rewind({ to: 2 });
    expect(filesOf(test.root)).toEqual(afterTurn1(before));
    expect(readFileSync(path.join(test.root, 'build/out.js'), 'utf8')).toBe('ignored output\n');
    // The user's repository as the agent left it: its branch (not undone), HEAD and index.
    expect(git(test.root, 'branch', '--show-current').trim()).toBe('x');
    expect(git(test.root, 'rev-parse', 'HEAD')).toBe(head);
    expect(git(test.root, 'ls-files', '-s')).toBe(indexBefore);
    expect(result).toMatchObject({ dryRun: false, forkedFrom: original, checkpoint: { turn: 2 } });
    expect(result.prompt).toBeUndefined();
    expect(agent.sessionId).toBe(result.sessionId);
    expect(result.sessionId).not.toBe(original);
    // Before turn 2's reply: the prompt, turn 1's Write and its result.
    expect(agent.messages).toHaveLength(3);
    const original2 = await store.read(original);
    expect(original2.messages).toEqual(originalMessages);
    expect(original2.rewinds?.map((entry) => entry.turn)).toEqual([2]);
    const forked = await store.read(result.sessionId);
    expect(forked.metadata.forkedFrom).toEqual({ sessionId: original, messageUuid: originalMessages[2]!.uuid });
    expect(forked.checkpoints?.map((entry) => entry.turn)).toEqual([1]);
    // The agent goes on in the fork, numbering turns from there.
    replies = [...rewindRunReplies(test.root), textReply('again')];
    const events = await drain(agent.query('go on'));
    expect(events.at(-1)).toMatchObject({ type: 'end', reason: 'end_turn', sessionId: result.sessionId });
    expect((await store.read(result.sessionId)).checkpoints?.map((entry) => entry.turn)).toEqual([1, 2]);
    expect((await store.read(original)).messages).toEqual(originalMessages);
  });

  it('to turn 1 gives back its prompt and an empty conversation, which a new query starts', async () => {
    const { agent, before } = await runTheWork();
    const result = await agent.rewind({ to: 1 });
    expect(result.prompt).toBe('do the work');
    expect(agent.messages).toEqual([]);
    expect(filesOf(test.root)).toEqual(before);
    replies = [...rewindRunReplies(test.root), textReply('fresh')];
    const events = await drain(agent.query(result.prompt!));
    expect(events.at(-1)).toMatchObject({ type: 'end', reason: 'end_turn' });
    expect(agent.messages).toHaveLength(2);
  });

  it('by uuid, files only: the conversation stays, a rewind entry says what the files were', async () => {
    const { agent, before } = await runTheWork();
    const session = agent.sessionId;
    const [, second] = await agent.checkpoints();
    const result = await agent.rewind({ to: second!.replyUuid!, conversation: false });
    expect(result.sessionId).toBe(session);
    expect(agent.sessionId).toBe(session);
    expect(agent.messages).toHaveLength(10);
    expect(filesOf(test.root)).toEqual(afterTurn1(before));
    const rewinds = (await createFileSessionStore({ directory: sessionsDirectory(test.root) }).read(session!)).rewinds!;
    expect(rewinds).toHaveLength(1);
    // Undone by going back to what the rewind replaced: the turn 5 checkpoint, which is what the agent left.
    await agent.rewind({ to: 5, conversation: false });
    expect(filesOf(test.root)['b.txt']).toBe('alpha\n');
  });

  it('a dry run says what would change and changes nothing', async () => {
    const { agent } = await runTheWork();
    const now = filesOf(test.root);
    const session = agent.sessionId;
    const result = await agent.rewind({ to: 2, dryRun: true });
    expect(result.dryRun).toBe(true);
    expect(summary(result.files!.restored)).toEqual(['added a.txt', 'added src/main.ts', 'added src/util.ts', 'deleted b.txt', 'mode-changed c.sh', 'modified notes.md']);
    expect(filesOf(test.root)).toEqual(now);
    expect(agent.sessionId).toBe(session);
    expect((await createFileSessionStore({ directory: sessionsDirectory(test.root) }).read(session!)).rewinds).toBeUndefined();
  });

  it('a file the user changed since is a REWIND_CONFLICT; keep, overwrite or a choice per file decides', async () => {
    const { agent, before } = await runTheWork();
    writeFileSync(path.join(test.root, 'notes.md'), 'the user wrote this\n');
    const untouched = filesOf(test.root);
    expect(await rejectionCode(agent.rewind({ to: 2 }))).toBe('REWIND_CONFLICT');
    expect(filesOf(test.root)).toEqual(untouched);
    const dry = await agent.rewind({ to: 2, dryRun: true });
    expect(dry.files!.conflicts).toEqual([{ root: test.root, path: 'notes.md', reason: 'changed-since' }]);
    const kept = await agent.rewind({ to: 2, conversation: false, conflicts: { 'notes.md': 'keep' } });
    expect(filesOf(test.root)).toEqual({ ...afterTurn1(before), 'notes.md': 'the user wrote this\n' });
    expect(summary(kept.files!.kept)).toEqual(['modified notes.md']);
    writeFileSync(path.join(test.root, 'notes.md'), 'the user again\n');
    await agent.rewind({ to: 1, conversation: false, conflicts: 'overwrite' });
    expect(filesOf(test.root)).toEqual(before);
  });

  it('a PreRewind hook that blocks refuses it (REWIND_BLOCKED), nothing changed; PostRewind hears what was done', async () => {
    const seen: unknown[] = [];
    let block = true;
    const hooks = [
      defineHook({ event: 'PreRewind', handler: (input) => (seen.push({ turn: input.turn, changes: [...input.changes].sort() }), block ? { block: true, reason: 'not now' } : undefined) }),
      defineHook({ event: 'PostRewind', handler: (input) => void seen.push({ restored: input.restored.length, forked: input.forkedSessionId !== undefined }) }),
    ];
    const { agent, before } = await runTheWork({ hooks });
    const now = filesOf(test.root);
    const session = agent.sessionId;
    expect(await rejectionCode(agent.rewind({ to: 2 }))).toBe('REWIND_BLOCKED');
    expect(filesOf(test.root)).toEqual(now);
    expect(agent.sessionId).toBe(session);
    expect(seen).toEqual([{ turn: 2, changes: ['a.txt', 'b.txt', 'c.sh', 'notes.md', 'src/main.ts', 'src/util.ts'] }]);
    block = false;
    await agent.rewind({ to: 2 });
    expect(filesOf(test.root)).toEqual(afterTurn1(before));
    expect(seen.at(-1)).toEqual({ restored: 6, forked: true });
  });

  it('is refused while a query runs (AGENT_BUSY), for an unknown turn (CHECKPOINT_NOT_FOUND), and while another writer holds the session (SESSION_BUSY)', async () => {
    const { agent } = await runTheWork();
    expect(await rejectionCode(agent.rewind({ to: 99 }))).toBe('CHECKPOINT_NOT_FOUND');
    expect(await rejectionCode(agent.rewind({ to: 'no-such-uuid' }))).toBe('CHECKPOINT_NOT_FOUND');
    replies = [...rewindRunReplies(test.root), textReply('slow')];
    const running = agent.query('again');
    await running.next();
    expect(await rejectionCode(agent.rewind({ to: 1 }))).toBe('AGENT_BUSY');
    await drain(running);
    // The agent holds its session: a rewind from elsewhere (codev rewind) waits for it to let go.
    expect(await rejectionCode(rewindSession({ sessionId: agent.sessionId!, projectRoot: test.root, to: 1 }))).toBe('SESSION_BUSY');
    await agent.close();
    const listed = await listCheckpoints({ sessionId: agent.sessionId!, projectRoot: test.root });
    expect(listed.map((checkpoint) => checkpoint.turn)).toEqual([1, 2, 3, 4, 5, 6]);
    const result = await rewindSession({ sessionId: agent.sessionId!.slice(0, 8), projectRoot: test.root, to: 1, conversation: false });
    expect(result.files!.restored.length).toBeGreaterThan(0);
  });
});

describe('a session removed', () => {
  it('by pruning takes its checkpoints with it: the store forgets its trees', async () => {
    const { agent } = await runTheWork();
    const session = agent.sessionId!;
    await agent.close();
    const refs = () => git(test.root, `--git-dir=${path.join(test.root, '.codev', 'checkpoints')}`, 'for-each-ref', '--format=%(refname)', `refs/codev/sessions/${session}/`).trim();
    expect(refs()).not.toBe('');
    const pruned = await pruneSessions({ cwd: test.root, keep: 0 });
    expect(pruned.removed.map((entry) => entry.id)).toContain(session);
    expect(refs()).toBe('');
  });
});
