import { mkdtempSync, realpathSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { TempProject } from '../../src/plugins/test-fixtures/create-temp-project.ts';
import { createFakeMessagesServer, type FakeMessagesServer } from '../../src/testing/index.ts';
import { removeAtExit } from '../../src/testing/remove-at-exit.ts';
import { BIN, runProcess } from './run-codev.ts';
import { AFTER, codevIn, createRewindProject, filesOf, rewindModel, sessionIn } from './test-fixtures/rewind-project.ts';

// codev rewind of a session given as the transcript file of a project other than the one around the command:
// that project's files go back, and the command it prints to go on works from where it was run.

const opened: { project: TempProject; server: FakeMessagesServer }[] = [];
afterAll(async () => {
  for (const { project, server } of opened) {
    await server.close();
    await project.cleanup();
  }
});

/** The words of a printed command line (double-quoted words as one). */
const wordsOf = (line: string) => [...line.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map((match) => match[1] ?? match[2] ?? match[3]!);

describe('codev rewind of another project\'s session file', () => {
  it('puts back that project\'s files, and its "go on with" command runs from here', { timeout: 120_000 }, async () => {
    const project = await createRewindProject();
    const server = await createFakeMessagesServer({ script: rewindModel(project.root) });
    opened.push({ project, server });
    const run = await codevIn(project.root, server.url)(['run', 'agent.ts', 'write hello', '--permission-mode', 'bypassPermissions']);
    expect({ code: run.code, stderr: run.stderr }).toMatchObject({ code: 0 });
    expect(filesOf(project.root)).toEqual(AFTER);
    const sessionId = sessionIn(run.stderr)!;
    const elsewhere = removeAtExit(realpathSync(mkdtempSync(path.join(os.tmpdir(), 'codev-rewind-elsewhere-'))));
    const codevHere = (args: string[]) => runProcess({ command: process.execPath, args: [BIN, ...args], cwd: elsewhere, env: { ANTHROPIC_BASE_URL: server.url, NO_COLOR: '1', CODEV_MAX_RETRIES: '0' } });

    const rewound = await codevHere(['rewind', path.join(project.root, '.codev', 'sessions', `${sessionId}.jsonl`), '--to', '2', '--force']);
    expect({ code: rewound.code, stderr: rewound.stderr }).toEqual({ code: 0, stderr: '' });
    expect(filesOf(project.root)).toMatchObject({ 'a': 'a\n', 'hello.txt': 'hello\n' });
    expect(filesOf(elsewhere)).toEqual({});
    const goOn = /^Go on with: (.*)$/m.exec(rewound.stdout)?.[1];
    expect(goOn, rewound.stdout).toBeDefined();
    const [program, ...args] = wordsOf(goOn!);
    expect(program).toBe('codev');
    const resumed = await codevHere([...args.map((word) => (word === 'your prompt' ? 'go on' : word)), '--permission-mode', 'bypassPermissions']);
    expect(resumed.code, resumed.stderr).toBe(0);
    const fork = /new session ([0-9a-f-]{36})/.exec(rewound.stdout)?.[1];
    expect(sessionIn(resumed.stderr)).toBe(fork);
  });
});
