import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { TempProject } from '../../src/plugins/test-fixtures/create-temp-project.ts';
import { createFakeMessagesServer, type FakeMessagesServer } from '../../src/testing/index.ts';
import type { ProcessRun } from './run-codev.ts';
import { AFTER, BEFORE, codevIn, createRewindProject, filesOf, rewindModel, sessionIn } from './test-fixtures/rewind-project.ts';

// Real processes: codev run against the fake Messages server in a real git project, codev rewind, then codev rewind --undo.

const opened: { project: TempProject; server: FakeMessagesServer }[] = [];
afterAll(async () => {
  for (const { project, server } of opened) {
    await server.close();
    await project.cleanup();
  }
});

async function agentRun(): Promise<{ project: TempProject; sessionId: string; codev: (args: string[]) => Promise<ProcessRun> }> {
  const project = await createRewindProject();
  const server = await createFakeMessagesServer({ script: rewindModel(project.root) });
  opened.push({ project, server });
  const codev = codevIn(project.root, server.url);
  const run = await codev(['run', 'agent.ts', 'write hello', '--permission-mode', 'bypassPermissions']);
  expect({ code: run.code, stderr: run.stderr }).toMatchObject({ code: 0 });
  expect(filesOf(project.root)).toEqual(AFTER);
  return { project, sessionId: sessionIn(run.stderr)!, codev };
}

/** An edit no rewind makes: no newline at the end, a CR, bytes beyond ASCII. */
const USER_EDIT = Buffer.from('hello, edited by the user\r\nàé\u0000 no newline', 'utf8');

describe('codev rewind --undo', () => {
  it('in the latest session (the fork a --force rewind left): previews, then puts back the user edit it overwrote byte for byte; a second --undo undoes the undo', { timeout: 120_000 }, async () => {
    const { project, sessionId, codev } = await agentRun();
    writeFileSync(project.path('hello.txt'), USER_EDIT);
    const edited = filesOf(project.root);
    const rewound = await codev(['rewind', '--to', '1', '--force', '--json']);
    expect({ code: rewound.code, stderr: rewound.stderr }).toEqual({ code: 0, stderr: '' });
    expect(filesOf(project.root)).toEqual(BEFORE);
    const fork = (JSON.parse(rewound.stdout) as { sessionId: string }).sessionId;
    expect(fork).not.toBe(sessionId);

    const dry = await codev(['rewind', '--undo', '--dry-run', '--json']);
    expect({ code: dry.code, stderr: dry.stderr }).toEqual({ code: 0, stderr: '' });
    expect(JSON.parse(dry.stdout)).toMatchObject({ sessionId: fork, dryRun: true, undone: { turn: 1, conversation: 'unchanged' } });
    expect(filesOf(project.root)).toEqual(BEFORE);

    const undone = await codev(['rewind', '--undo']);
    expect({ code: undone.code, stderr: undone.stderr }).toEqual({ code: 0, stderr: '' });
    expect(filesOf(project.root)).toEqual(edited);
    expect(readFileSync(project.path('hello.txt')).equals(USER_EDIT)).toBe(true);
    expect(undone.stdout).not.toContain('new session');

    const again = await codev(['rewind', fork, '--undo', '--force']);
    expect({ code: again.code, stderr: again.stderr }).toEqual({ code: 0, stderr: '' });
    expect(filesOf(project.root)).toEqual(BEFORE);
  });

  it('a file changed since the rewind is a conflict (exit 1, nothing changed); --keep-changed keeps it', { timeout: 120_000 }, async () => {
    const { project, codev } = await agentRun();
    const rewound = await codev(['rewind', '--to', '1', '--files-only']);
    expect(rewound.code).toBe(0);
    writeFileSync(project.path('a'), 'changed after the rewind\n');
    const refused = await codev(['rewind', '--undo']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('REWIND_CONFLICT');
    expect(filesOf(project.root)).toEqual({ ...BEFORE, a: 'changed after the rewind\n' });
    const kept = await codev(['rewind', '--undo', '--keep-changed']);
    expect({ code: kept.code, stderr: kept.stderr }).toEqual({ code: 0, stderr: '' });
    expect(filesOf(project.root)).toEqual({ ...AFTER, a: 'changed after the rewind\n' });
  });

  it('with no rewind to undo: exit 1 (CHECKPOINT_NOT_FOUND); with --to, --list, --files-only or --conversation-only: exit 2', { timeout: 120_000 }, async () => {
    const { project, codev } = await agentRun();
    const none = await codev(['rewind', '--undo']);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('CHECKPOINT_NOT_FOUND');
    for (const flags of [['--to', '1'], ['--list'], ['--files-only'], ['--conversation-only']]) {
      const usage = await codev(['rewind', '--undo', ...flags]);
      expect({ flags, code: usage.code }).toEqual({ flags, code: 2 });
    }
    expect(filesOf(project.root)).toEqual(AFTER);
  });
});
