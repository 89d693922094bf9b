import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { TempProject } from '../../src/plugins/test-fixtures/create-temp-project.ts';
import { REWIND_OPTIONS } from '../../src/cli/commands/rewind/rewind-command.ts';
import { createFakeMessagesServer, type FakeMessagesServer } from '../../src/testing/index.ts';
import { createFileSessionStore } from '../../src/transcripts/create-file-session-store.ts';
import { sessionsDirectory } from '../../src/transcripts/sessions-directory.ts';
import { AFTER, codevIn, createRewindProject, filesOf, rewindModel, sessionIn } from './test-fixtures/rewind-project.ts';

// A session an agent holds (here this test process, as a `codev run` in another process would): its index
// files and refs in the checkpoint store are that agent's alone ("the session is its only writer"). Every
// codev rewind and codev run --rewind-to, dry runs and previews included, is SESSION_BUSY and writes nothing.

/** Options of codev rewind (and every command's), which a SESSION_BUSY hint of a rewind may name. */
const ADVISABLE = new Set([...Object.keys(REWIND_OPTIONS), 'cwd', 'help', 'verbose'].map((name) => `--${name}`));

const opened: { project: TempProject; server: FakeMessagesServer }[] = [];
afterAll(async () => {
  for (const { project, server } of opened) {
    await server.close();
    await project.cleanup();
  }
});

/** What the session's recordings leave in the checkpoint store: its refs, and its index files' bytes. */
function storeState(root: string, sessionId: string): { refs: string; indexes: Record<string, string> } {
  const store = path.join(root, '.codev', 'checkpoints');
  const refs = execFileSync('git', ['--git-dir', store, 'for-each-ref', '--format=%(refname)', `refs/codev/sessions/${sessionId}/`], { encoding: 'utf8', env: { PATH: process.env.PATH, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' } });
  const folder = path.join(store, 'codev-indexes', sessionId);
  const indexes = Object.fromEntries(readdirSync(folder).filter((name) => statSync(path.join(folder, name)).isFile()).map((name) => [name, readFileSync(path.join(folder, name)).toString('base64')]));
  return { refs, indexes };
}

describe('codev rewind on a session another process holds', () => {
  it('is SESSION_BUSY (exit 1) before any preview, dry runs included, and records nothing under the session', { timeout: 120_000 }, async () => {
    const project = await createRewindProject();
    const server = await createFakeMessagesServer({ script: rewindModel(project.root) });
    opened.push({ project, server });
    const codev = codevIn(project.root, server.url);
    const run = await codev(['run', 'agent.ts', 'write hello', '--permission-mode', 'bypassPermissions']);
    expect({ code: run.code, stderr: run.stderr }).toMatchObject({ code: 0 });
    const sessionId = sessionIn(run.stderr)!;
    // The agent goes on changing the files (as one that runs now would): the next recording is a new tree.
    writeFileSync(project.path('hello.txt'), 'changed by the agent at work\n');
    const files = filesOf(project.root);
    expect(files).toEqual({ ...AFTER, 'hello.txt': 'changed by the agent at work\n' });

    const writer = await createFileSessionStore({ directory: sessionsDirectory(project.root) }).open({ id: sessionId });
    try {
      const before = storeState(project.root, sessionId);
      for (const args of [
        ['rewind', '--to', '2', '--dry-run'],
        ['rewind', '--to', '2', '--dry-run', '--json'],
        ['rewind', '--to', '2', '--force'],
        ['rewind', '--to', '2', '--files-only', '--force', '--json'],
        ['run', 'agent.ts', '--resume', sessionId, '--rewind-to', '2', '--force', 'again', '--permission-mode', 'bypassPermissions'],
      ]) {
        const busy = await codev(args);
        expect({ args, code: busy.code, stdout: busy.stdout }).toEqual({ args, code: 1, stdout: '' });
        expect(busy.stderr).toContain('SESSION_BUSY');
        // What the error advises can be done: no option these commands refuse (--rewind-to refuses --fork-session).
        const advised = [...busy.stderr.matchAll(/(?<![\w-])--[a-z][a-z-]*/g)].map((match) => match[0]);
        expect(advised.filter((option) => !ADVISABLE.has(option))).toEqual([]);
        expect(storeState(project.root, sessionId)).toEqual(before);
        expect(filesOf(project.root)).toEqual(files);
      }
    } finally {
      await writer.close();
    }
  });
});
