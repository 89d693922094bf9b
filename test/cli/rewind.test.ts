import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { TempProject } from '../../src/plugins/test-fixtures/create-temp-project.ts';
import { createFakeMessagesServer, type FakeMessagesServer } from '../../src/testing/index.ts';
import { BIN, EMPTY_HOME, type ProcessRun } from './run-codev.ts';
import { AFTER, AT_TURN_2, BEFORE, codevIn, createRewindProject, filesOf, rewindModel, sessionIn } from './test-fixtures/rewind-project.ts';

// Real processes: codev run against the fake Messages server in a real git project, then codev rewind.

const opened: { project: TempProject; server: FakeMessagesServer }[] = [];
afterAll(async () => {
  for (const { project, server } of opened) {
    await server.close();
    await project.cleanup();
  }
});

/** A project the agent changed in two turns (Write hello.txt; Bash rm -rf src && mv a b), and its session. */
async function agentRun(extra?: Record<string, string>): Promise<{ project: TempProject; sessionId: string; codev: (args: string[]) => Promise<ProcessRun> }> {
  const project = await createRewindProject({ extra });
  const server = await createFakeMessagesServer({ script: rewindModel(project.root) });
  opened.push({ project, server });
  const codev = codevIn(project.root, server.url);
  const run = await codev(['run', 'agent.ts', 'write hello', '--permission-mode', 'bypassPermissions']);
  expect({ code: run.code, stderr: run.stderr }).toMatchObject({ code: 0 });
  expect(filesOf(project.root)).toEqual(AFTER);
  return { project, sessionId: sessionIn(run.stderr)!, codev };
}

const lines = (stdout: string) => stdout.trim().split('\n');

/** util-linux `script`, which gives a command a terminal (a pseudo-terminal) of its own. */
const hasScript = (() => {
  try {
    execFileSync('script', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** `codev <args>` on a terminal of its own (through `script`), answering each conflict question with the next of `answers`. */
function codevOnTerminal(options: { args: string[]; answers: string[] }): Promise<{ code: number | null; output: string }> {
  const command = [process.execPath, BIN, ...options.args].map((word) => `'${word}'`).join(' ');
  const child = spawn('script', ['-qec', command, '/dev/null'], { env: { PATH: process.env.PATH, HOME: EMPTY_HOME, CODEV_FROM_SOURCE: process.env.CODEV_FROM_SOURCE, NO_COLOR: '1' }, stdio: ['pipe', 'pipe', 'pipe'] });
  let output = '';
  let answered = 0;
  const onData = (chunk: Buffer) => {
    output += chunk;
    const asked = output.split('[q]uit >').length - 1;
    if (asked > answered && options.answers.length > 0) {
      answered = asked;
      child.stdin.write(`${options.answers.shift()}\r`);
    }
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const hang = setTimeout(() => child.kill('SIGKILL'), 60_000);
  return new Promise((resolve) =>
    child.on('exit', (code) => {
      clearTimeout(hang);
      resolve({ code, output });
    }),
  );
}

describe('codev rewind', () => {
  it('lists the turns with their files, previews, restores exactly, and the new session goes on', { timeout: 120_000 }, async () => {
    const { project, sessionId, codev } = await agentRun();

    const list = await codev(['rewind', '--list']);
    expect({ code: list.code, stderr: list.stderr }).toEqual({ code: 0, stderr: '' });
    expect(list.stdout).toContain(`session ${sessionId}`);
    const turn1 = lines(list.stdout).findIndex((line) => /^1 .* write hello .*1 file, \+1 -0$/.test(line));
    const turn2 = lines(list.stdout).findIndex((line) => /^2 .* \(tool results\) .*4 files/.test(line));
    expect({ turn1, turn2, stdout: list.stdout }).toMatchObject({ turn1: expect.any(Number), turn2: expect.any(Number) });
    expect(turn1).toBeGreaterThan(0);
    expect(turn2).toBeGreaterThan(turn1);
    expect(lines(list.stdout)[turn1 + 1]).toMatch(/^ +A hello\.txt +\+1 -0$/);
    const turn2Files = lines(list.stdout).slice(turn2 + 1, turn2 + 5).map((line) => line.trim().split(/ +/).slice(0, 2).join(' '));
    expect(turn2Files.sort()).toEqual(['A b', 'D a', 'D src/one.ts', 'D src/two.ts']);
    const json = JSON.parse((await codev(['rewind', sessionId.slice(0, 8), '--list', '--json'])).stdout) as { sessionId: string; checkpoints: { turn: number; prompt?: string; files: { path: string; status: string }[] }[] };
    expect(json.sessionId).toBe(sessionId);
    expect(json.checkpoints.map((checkpoint) => [checkpoint.turn, checkpoint.prompt, checkpoint.files.map((file) => `${file.status} ${file.path}`).sort()])).toEqual([
      [1, 'write hello', ['added hello.txt']],
      [2, undefined, ['added b', 'deleted a', 'deleted src/one.ts', 'deleted src/two.ts']],
      [3, undefined, []],
    ]);

    const dry = await codev(['rewind', '--to', '2', '--dry-run']);
    expect({ code: dry.code, stderr: dry.stderr }).toEqual({ code: 0, stderr: '' });
    expect(dry.stdout).toMatch(/^ +A src\/one\.ts +\+1 -0$/m);
    expect(dry.stdout).toMatch(/^ +D b +\+0 -1$/m);
    expect(dry.stdout).toContain('+export const two = 2;');
    const dryJson = JSON.parse((await codev(['rewind', '--to', '2', '--dry-run', '--json'])).stdout) as { dryRun: boolean; patch: string; files: { restored: { path: string }[] } };
    expect(dryJson.dryRun).toBe(true);
    expect(dryJson.patch).toContain('+++ b/src/one.ts');
    expect(dryJson.files.restored.map((file) => file.path).sort()).toEqual(['a', 'b', 'src/one.ts', 'src/two.ts']);
    expect(filesOf(project.root)).toEqual(AFTER);

    const rewind = await codev(['rewind', '--to', '2']);
    expect({ code: rewind.code, stderr: rewind.stderr }).toEqual({ code: 0, stderr: '' });
    expect(filesOf(project.root)).toEqual(AT_TURN_2);
    const fork = /new session ([0-9a-f-]{36})/.exec(rewind.stdout)?.[1];
    expect(fork).toBeDefined();
    expect(fork).not.toBe(sessionId);
    expect(rewind.stdout).toContain(`codev run agent.ts --resume ${fork}`);
    expect(rewind.stdout).not.toContain('Left out');

    const goOn = await codev(['run', 'agent.ts', '--resume', fork!, 'go on', '--permission-mode', 'bypassPermissions']);
    expect({ code: goOn.code, stderr: goOn.stderr }).toMatchObject({ code: 0 });
    expect(goOn.stdout).toContain('Done: go on');
    expect(sessionIn(goOn.stderr)).toBe(fork);
  });

  it('the command it prints to go on runs as printed, also in a project whose agent script is not agent.ts', { timeout: 120_000 }, async () => {
    const project = await createRewindProject();
    mkdirSync(project.path('bots'));
    renameSync(project.path('agent.ts'), project.path('bots/fixer.ts'));
    const server = await createFakeMessagesServer({ script: rewindModel(project.root) });
    opened.push({ project, server });
    const codev = codevIn(project.root, server.url);
    expect((await codev(['run', 'bots/fixer.ts', 'write hello', '--permission-mode', 'bypassPermissions'])).code).toBe(0);
    const rewind = await codev(['rewind', '--to', '2']);
    expect(rewind.code).toBe(0);
    const [, script, fork] = /Go on with: codev run (\S+) --resume (\S+)/.exec(rewind.stdout) ?? [];
    expect(fork).toBeDefined();
    // Either a placeholder the user fills in, or a script that is there: never a command that fails as printed.
    if (!script!.startsWith('<')) {
      const goOn = await codev(['run', script!, '--resume', fork!, 'go on', '--permission-mode', 'bypassPermissions']);
      expect({ code: goOn.code, stderr: goOn.stderr }).toMatchObject({ code: 0 });
    }
  });

  it('a file edited after the run is a conflict (exit 1, nothing changed); --keep-changed keeps it, --force overwrites it', { timeout: 120_000 }, async () => {
    const { project, codev } = await agentRun();
    writeFileSync(project.path('b'), 'mine\n');
    const refused = await codev(['rewind', '--to', '2']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('REWIND_CONFLICT');
    expect(refused.stderr).toMatch(/^ +b$/m);
    expect(refused.stderr).toContain('--force');
    expect(refused.stderr).toContain('--keep-changed');
    expect(filesOf(project.root)).toEqual({ ...AFTER, b: 'mine\n' });

    const kept = await codev(['rewind', '--to', '2', '--keep-changed', '--json']);
    expect({ code: kept.code, stderr: kept.stderr }).toEqual({ code: 0, stderr: '' });
    const result = JSON.parse(kept.stdout) as { sessionId: string; forkedFrom: string; dryRun: boolean; files: { restored: { path: string }[]; kept: { path: string }[] } };
    expect(result.dryRun).toBe(false);
    expect(result.files.kept.map((file) => file.path)).toEqual(['b']);
    expect(filesOf(project.root)).toEqual({ ...AT_TURN_2, b: 'mine\n' });
    expect(result.sessionId).not.toBe(result.forkedFrom);
  });

  it.skipIf(!hasScript)('on a terminal, asks about each file edited since: one kept, one overwritten', { timeout: 120_000 }, async () => {
    const { project } = await agentRun();
    writeFileSync(project.path('b'), 'mine\n');
    writeFileSync(project.path('hello.txt'), 'mine too\n');
    const { code, output } = await codevOnTerminal({ args: ['rewind', '--to', '1', '--cwd', project.root], answers: ['k', 'o'] });
    expect(code, output).toBe(0);
    expect(filesOf(project.root)).toEqual({ ...BEFORE, b: 'mine\n' });
  });

  it("runs the project's PreRewind hook (a block changes nothing, exit 1) and PostRewind hook", { timeout: 120_000 }, async () => {
    const hooks = {
      PreRewind: [{ hooks: [{ type: 'command', command: 'test -e .codev/frozen && { echo "rewinds are frozen" >&2; exit 2; }; exit 0' }] }],
      PostRewind: [{ hooks: [{ type: 'command', command: 'cat >> .codev/post-rewind.jsonl; echo >> .codev/post-rewind.jsonl' }] }],
    };
    const { project, sessionId, codev } = await agentRun({ 'codev.config.json': JSON.stringify({ hooks }) });
    writeFileSync(project.path('.codev/frozen'), '');
    const blocked = await codev(['rewind', '--to', '2']);
    expect(blocked.code).toBe(1);
    expect(blocked.stderr).toContain('REWIND_BLOCKED');
    expect(blocked.stderr).toContain('rewinds are frozen');
    expect(filesOf(project.root)).toEqual(AFTER);
    rmSync(project.path('.codev/frozen'));
    const done = await codev(['rewind', '--to', '2', '--files-only']);
    expect({ code: done.code, stderr: done.stderr }).toEqual({ code: 0, stderr: '' });
    expect(filesOf(project.root)).toEqual(AT_TURN_2);
    const post = JSON.parse(readFileSync(project.path('.codev/post-rewind.jsonl'), 'utf8').trim()) as { hook_event_name: string; rewound_session_id: string; turn: number; restored: string[] };
    expect(post).toMatchObject({ hook_event_name: 'PostRewind', rewound_session_id: sessionId, turn: 2 });
    expect(post.restored.sort()).toEqual(['a', 'b', 'src/one.ts', 'src/two.ts']);
  });

  it('--force overwrites the file edited since', { timeout: 120_000 }, async () => {
    const { project, codev } = await agentRun();
    writeFileSync(project.path('hello.txt'), 'edited\n');
    const forced = await codev(['rewind', '--to', '1', '--force', '--files-only']);
    expect({ code: forced.code, stderr: forced.stderr }).toEqual({ code: 0, stderr: '' });
    expect(filesOf(project.root)).toEqual(BEFORE);
    expect(forced.stdout).not.toContain('new session');
  });

  it('codev run --rewind-to stops on a file edited since (exit 1, nothing changed, no request), and overwrites it with --force', { timeout: 120_000 }, async () => {
    const { project, sessionId, codev } = await agentRun();
    writeFileSync(project.path('b'), 'mine\n');
    const refused = await codev(['run', 'agent.ts', '--resume', sessionId, '--rewind-to', '2', 'go on', '--permission-mode', 'bypassPermissions']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('REWIND_CONFLICT');
    expect(refused.stdout).not.toContain('Done');
    expect(filesOf(project.root)).toEqual({ ...AFTER, b: 'mine\n' });
    const forced = await codev(['run', 'agent.ts', '--resume', sessionId, '--rewind-to', '2', 'go on', '--force', '--permission-mode', 'bypassPermissions']);
    expect({ code: forced.code, stdout: forced.stdout }).toMatchObject({ code: 0, stdout: expect.stringContaining('Done: go on') });
    expect(filesOf(project.root)).toEqual(AT_TURN_2);
    expect(forced.stderr).toMatch(/rewound to turn 2: restored 4 files/);
  });

  it('codev run --resume ID --rewind-to 1 prints the rewind first in stream-json, and goes on with the prompt it left out', { timeout: 120_000 }, async () => {
    const { project, sessionId, codev } = await agentRun();
    const run = await codev(['run', 'agent.ts', '--resume', sessionId, '--rewind-to', '1', '--output-format', 'stream-json', '--max-turns', '1', '--permission-mode', 'bypassPermissions']);
    expect(run.code).toBe(0);
    const events = lines(run.stdout).map((line) => JSON.parse(line) as { type: string; sessionId?: string; forkedFrom?: string; prompt?: string; turn?: number });
    expect(events[0]).toMatchObject({ type: 'rewind', turn: 1, forkedFrom: sessionId, prompt: 'write hello' });
    expect(events.at(-1)).toMatchObject({ type: 'end', sessionId: events[0]!.sessionId });
    // The prompt left out was sent again: the model wrote hello.txt once more, from the files as they were.
    expect(readFileSync(project.path('hello.txt'), 'utf8')).toBe('hello\n');
    expect(filesOf(project.root)).toEqual(AT_TURN_2);
    expect(run.stderr).toContain('write hello');
  });
});
