import { appendFileSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAgent } from '../../src/agent/create-agent.ts';
import { listCheckpoints } from '../../src/agent/rewind/list-checkpoints.ts';
import { rewindSession } from '../../src/agent/rewind/rewind-session.ts';
import { createRewindProject, filesOf, git, rewindRunReplies } from '../../src/agent/rewind/test-fixtures/rewind-project.ts';
import type { AgentEvent } from '../../src/agent/types.ts';
import { createFakeMessagesServer } from '../../src/testing/fake-messages-server/create-fake-messages-server.ts';
import { textReply } from '../../src/testing/fake-messages-server/fake-reply.ts';
import type { FakeMessagesServer } from '../../src/testing/fake-messages-server/types.ts';
import type { TestKernel } from '../../src/testing/create-test-kernel.ts';
import { rejectionCode } from '../../src/testing/rejection-code.ts';
import { createFileSessionStore } from '../../src/transcripts/create-file-session-store.ts';
import { sessionsDirectory } from '../../src/transcripts/sessions-directory.ts';
import type { CheckpointEntry } from '../../src/transcripts/types.ts';
import { useTemporaryFolders, writeWithFolders } from './temporary-folders.ts';

// A session's transcript is a file in the project (`.codev/sessions/`): whoever can write there (a cloned
// repository that ships one, a tool of the agent) must not make a rewind write anywhere the session never worked.

const temporary = useTemporaryFolders();
let server: FakeMessagesServer;
let test: TestKernel;

beforeEach(async () => {
  test = await createRewindProject();
  const replies = rewindRunReplies(test.root);
  server = await createFakeMessagesServer({ apiKey: 'test-key', script: (_request, index) => replies[index] ?? textReply(`reply ${index}`) });
});
afterEach(async () => {
  await server.close();
  await test.cleanup();
});

/** Runs the scripted work in the project; returns the closed session's id and its checkpoints. */
async function workedSession(): Promise<{ sessionId: string; checkpoints: CheckpointEntry[] }> {
  const agent = createAgent({ kernel: test.kernel, apiKey: 'test-key', baseURL: server.url, maxRetries: 0, canUseTool: () => ({ behavior: 'allow' }) });
  const events: AgentEvent[] = [];
  for await (const event of agent.query('do the work')) events.push(event);
  expect(events.filter((event) => event.type === 'warning' || event.type === 'error')).toEqual([]);
  const sessionId = agent.sessionId!;
  await agent.close();
  const loaded = await createFileSessionStore({ directory: sessionsDirectory(test.root) }).read(sessionId);
  return { sessionId, checkpoints: loaded.checkpoints! };
}

const rejectionCodeOf = (error: unknown) => (error as { code?: string }).code;
const transcriptOf = (sessionId: string) => path.join(sessionsDirectory(test.root), `${sessionId}.jsonl`);
const appendEntries = (sessionId: string, entries: object[]) => appendFileSync(transcriptOf(sessionId), entries.map((entry) => `${JSON.stringify(entry)}\n`).join(''));

/** A folder outside the session's working directories, with a file the user cares about. */
function victimFolder(): string {
  const victim = temporary('codev-rewind-victim-');
  writeWithFolders(path.join(victim, 'precious.txt'), 'mine\n');
  return victim;
}

describe('a rewind by a transcript whose checkpoints name folders the session never worked in', () => {
  it('never writes into them, nor records them (a checkpoint rooted in another folder, then one with no roots so that nothing conflicts)', async () => {
    const { sessionId, checkpoints } = await workedSession();
    const victim = victimFolder();
    const turn1 = checkpoints[0]!;
    appendEntries(sessionId, [
      { type: 'checkpoint', turn: 6, timestamp: new Date().toISOString(), roots: [{ root: victim, tree: turn1.roots[0]!.tree, large: [] }] },
      { type: 'checkpoint', turn: 7, timestamp: new Date().toISOString(), roots: [] },
    ]);
    const project = filesOf(test.root);
    const code = await rejectionCode(rewindSession({ sessionId, projectRoot: test.root, to: 6, conversation: false }));
    expect(code).not.toBeUndefined();
    expect(code).not.toBe('INTERNAL');
    const forced = await rejectionCode(rewindSession({ sessionId, projectRoot: test.root, to: 6, conversation: false, conflicts: 'overwrite' }));
    expect(forced).not.toBeUndefined();
    expect(filesOf(victim)).toEqual({ 'precious.txt': 'mine\n' });
    expect(filesOf(test.root)).toEqual(project);
  });

  it('a listing never records a folder named by the last checkpoint that is no working directory, and a rewind to it never writes there', async () => {
    const { sessionId, checkpoints } = await workedSession();
    const victim = victimFolder();
    const tree = checkpoints[0]!.roots[0]!.tree;
    appendEntries(sessionId, [{ type: 'checkpoint', turn: 6, timestamp: new Date().toISOString(), roots: [{ root: victim, tree, large: [] }] }]);
    // listCheckpoints compares the last checkpoint with the files now: it must not record the victim's files.
    const listed = await listCheckpoints({ sessionId, projectRoot: test.root }).then(
      (list) => list,
      (error: unknown) => error,
    );
    expect(Array.isArray(listed) || rejectionCodeOf(listed) !== undefined).toBe(true);
    // The victim's file (content no project file has) was never read into the project's checkpoint store.
    const blob = git(victim, 'hash-object', 'precious.txt').trim();
    expect(() => git(test.root, `--git-dir=${path.join(test.root, '.codev', 'checkpoints')}`, 'cat-file', '-e', blob)).toThrow();
    expect(await rejectionCode(rewindSession({ sessionId, projectRoot: test.root, to: 6, conversation: false, conflicts: 'overwrite' }))).not.toBeUndefined();
    expect(filesOf(victim)).toEqual({ 'precious.txt': 'mine\n' });
  });

  it('a tree that is not a tree id, a root that is not absolute and a large file leaving its root are refused, nothing changed', async () => {
    const { sessionId, checkpoints } = await workedSession();
    const root = checkpoints[0]!.roots[0]!;
    const project = filesOf(test.root);
    const hostile = [
      { ...root, tree: '--output=/tmp/codev-rewind-owned' },
      { ...root, tree: 'HEAD' },
      { ...root, root: 'relative/folder' },
      { ...root, root: `${test.root}/../${path.basename(test.root)}/src` },
      { ...root, large: [{ path: '../outside.bin', size: 10, oid: 'a'.repeat(40), mode: '100644' }] },
    ];
    for (const [index, roots] of hostile.entries()) {
      appendEntries(sessionId, [{ type: 'checkpoint', turn: 6 + index, timestamp: new Date().toISOString(), roots: [roots] }]);
      const code = await rejectionCode(rewindSession({ sessionId, projectRoot: test.root, to: 6 + index, conversation: false, conflicts: 'overwrite' }));
      expect(code, JSON.stringify(roots)).toBe('CHECKPOINT_NOT_FOUND');
      expect(filesOf(test.root)).toEqual(project);
    }
  });
});

describe('a rewind by a transcript whose checkpoint names a folder inside the project that is no working directory', () => {
  it('never writes into the user\'s .git (its hooks would run at their next commit), nor through a link in the project to another folder', async () => {
    const { sessionId, checkpoints } = await workedSession();
    const victim = victimFolder();
    symlinkSync(victim, path.join(test.root, 'elsewhere'));
    const tree = checkpoints[0]!.roots[0]!.tree;
    const hooksBefore = readdirSync(path.join(test.root, '.git')).sort();
    appendEntries(sessionId, [
      { type: 'checkpoint', turn: 6, timestamp: new Date().toISOString(), roots: [{ root: path.join(test.root, '.git'), tree, large: [] }] },
      { type: 'checkpoint', turn: 7, timestamp: new Date().toISOString(), roots: [{ root: path.join(test.root, 'elsewhere'), tree, large: [] }] },
      { type: 'checkpoint', turn: 8, timestamp: new Date().toISOString(), roots: [] },
    ]);
    for (const to of [6, 7]) expect(await rejectionCode(rewindSession({ sessionId, projectRoot: test.root, to, conversation: false, conflicts: 'overwrite' }))).not.toBeUndefined();
    expect(readdirSync(path.join(test.root, '.git')).sort()).toEqual(hooksBefore);
    expect(filesOf(victim)).toEqual({ 'precious.txt': 'mine\n' });
  });
});

describe('a transcript with many, duplicated or disordered checkpoints', () => {
  it('lists and rewinds by the latest entry of a turn', async () => {
    const { sessionId, checkpoints } = await workedSession();
    const original = readFileSync(transcriptOf(sessionId), 'utf8');
    // Turn 2 again, later in the file, with turn 1's files: the latest entry of a turn is the one a rewind takes.
    const lines = original.split('\n').filter(Boolean);
    writeFileSync(transcriptOf(sessionId), `${[...lines, JSON.stringify({ ...checkpoints[0]!, turn: 2 })].join('\n')}\n`);
    const listed = await listCheckpoints({ sessionId, projectRoot: test.root });
    expect(listed.length).toBeGreaterThan(0);
    const before = filesOf(test.root);
    await rewindSession({ sessionId, projectRoot: test.root, to: 2, conversation: false, conflicts: 'overwrite' });
    expect(filesOf(test.root)).not.toEqual(before);
  });

  it('10,000 of them, turns duplicated and out of order: the list has them all, a rewind takes the latest entry of its turn', async () => {
    const { sessionId, checkpoints } = await workedSession();
    const [first, second] = [checkpoints[0]!, checkpoints[1]!];
    const hostile = Array.from({ length: 10_000 }, (_, index) => ({ ...(index % 2 === 0 ? first : second), turn: 1 + ((index * 7919) % 50), messageUuid: undefined, replyUuid: undefined }));
    appendEntries(sessionId, [...hostile, { ...second, turn: 3 }]);
    const listed = await listCheckpoints({ sessionId, projectRoot: test.root });
    expect(listed).toHaveLength(10_006);
    const before = filesOf(test.root);
    const result = await rewindSession({ sessionId, projectRoot: test.root, to: 3, conversation: false, conflicts: 'overwrite' });
    expect(result.checkpoint.snapshot).toEqual({ roots: second.roots });
    expect(filesOf(test.root)).not.toEqual(before);
  });
});
