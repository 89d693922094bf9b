/**
 * A codev killed while its parent never reaps it stays a zombie: its pid still answers `kill(pid, 0)`, with
 * the start it had, for as long as that parent lives. That is what a container's pid 1 that is not an init
 * (`docker run` without `--init`, a shell or a server adopting orphans) does to every orphan. Such a holder
 * has exited: its session lock must be taken over and its session folder removed, as a dead process's are.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { removeLeftoverSessions } from '../../src/session/remove-leftover-sessions.ts';
import { createFileSessionStore } from '../../src/transcripts/create-file-session-store.ts';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const WORKER = path.join(REPO, 'test/faults/session-holder-worker.ts');
const RUN_TYPESCRIPT = "import { createJiti } from 'jiti'; await createJiti(process.cwd() + '/').import(process.argv[1]);";
/** Bounds against a hang only. */
const READY_WITHIN_MS = 20_000;
const ZOMBIE_WITHIN_MS = 5_000;

const parents: ReturnType<typeof spawn>[] = [];
afterEach(() => {
  // The parent's end lets init reap the zombie.
  for (const parent of parents.splice(0)) parent.kill('SIGKILL');
});

/** Runs the worker under a parent that never reaps it (a shell that became `sleep`), kills it, and resolves once it is a zombie. */
async function zombieHolder(args: string[], ready: string): Promise<number> {
  const parent = spawn('sh', ['-c', '"$@" & echo "pid $!"; exec sleep 600', 'sh', process.execPath, '--input-type=module', '-e', RUN_TYPESCRIPT, WORKER, ...args], { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'] });
  parents.push(parent);
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no "${ready}" after ${READY_WITHIN_MS} ms: ${output}`)), READY_WITHIN_MS);
    parent.stdout!.on('data', (chunk) => {
      output += chunk;
      if (output.split('\n').includes(ready)) resolve(clearTimeout(timer));
    });
    parent.stderr!.on('data', (chunk) => (output += chunk));
  });
  const pid = Number(/^pid (\d+)$/m.exec(output)?.[1]);
  process.kill(pid, 'SIGKILL');
  for (const end = Date.now() + ZOMBIE_WITHIN_MS; state(pid) !== 'Z' && Date.now() < end; ) await sleep(10);
  expect(state(pid)).toBe('Z');
  return pid;
}

/** The state letter of a process (`Z` for a zombie), from /proc. */
function state(pid: number): string | undefined {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2)[0];
}

const sessionsFolder = () => path.join(mkdtempSync(path.join(os.tmpdir(), 'codev-zombie-holders-')), '.codev', 'sessions');

describe.runIf(process.platform === 'linux')('a session holder killed and never reaped (a zombie)', () => {
  it('has its session lock taken over by the next open', async () => {
    const directory = sessionsFolder();
    const store = createFileSessionStore({ directory });
    const id = 'zombie-session';
    await (await store.open({ id, metadata: { id, cwd: '/project', model: 'claude-test', codevVersion: '0.0.0-test', createdAt: new Date().toISOString() } })).close();
    await zombieHolder(['hold', directory, id], 'held');
    const writer = await store.open({ id });
    await writer.close();
  });

  it('has its session folder removed when the next codev starts there', async () => {
    const directory = sessionsFolder();
    mkdirSync(directory, { recursive: true });
    const folder = path.join(directory, 'zombie-session');
    await zombieHolder(['own', folder], 'owned');
    expect(await removeLeftoverSessions({ directory })).toEqual([folder]);
    expect(existsSync(folder)).toBe(false);
  });
});
