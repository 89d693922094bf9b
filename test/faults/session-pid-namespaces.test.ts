/**
 * A codev in a container that has the host's name (`docker run --network host`, one `hostname:` for several
 * services in compose) shares the project's `.codev/sessions` with a codev outside it, but not its pids: the
 * holder's pid means another process there, or none. Such a holder cannot be checked by its pid, so it must
 * keep its session lock and its session folder while it lives. The container is `bwrap --unshare-pid` (its own
 * pids, this host's name and files); the outside codev is this process.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { isProcessAlive } from '../../src/files/is-process-alive.ts';
import { isSandboxAvailable } from '../../src/sandbox/is-sandbox-available.ts';
import { removeLeftoverSessions } from '../../src/session/remove-leftover-sessions.ts';
import { rejectionCode } from '../../src/testing/rejection-code.ts';
import { createFileSessionStore } from '../../src/transcripts/create-file-session-store.ts';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const WORKER = path.join(REPO, 'test/faults/session-holder-worker.ts');
const RUN_TYPESCRIPT = "import { createJiti } from 'jiti'; await createJiti(process.cwd() + '/').import(process.argv[1]);";
/** A bound against a hang only. */
const READY_WITHIN_MS = 20_000;

const children: ReturnType<typeof spawn>[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

/**
 * Runs the worker in a pid namespace of its own, under a pid that no process of this one has (its shell forks
 * until the namespace's pids pass a free range of this one's); resolves with that pid once it printed `ready`.
 */
async function inContainer(args: string[], ready: string): Promise<number> {
  const free = freePids();
  const raisePid = 'while [ "$(sh -c \'echo $$\')" -lt "$0" ]; do :; done; "$@" & echo "pid $!"; wait';
  const child = spawn('bwrap', ['--dev-bind', '/', '/', '--proc', '/proc', '--unshare-pid', '--die-with-parent', '--chdir', REPO, 'sh', '-c', raisePid, String(free), process.execPath, '--input-type=module', '-e', RUN_TYPESCRIPT, WORKER, ...args], { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let output = '';
  return new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no "${ready}" after ${READY_WITHIN_MS} ms: ${output}`)), READY_WITHIN_MS);
    const check = () => output.split('\n').includes(ready) && (clearTimeout(timer), resolve(Number(/^pid (\d+)$/m.exec(output)?.[1])));
    child.stdout!.on('data', (chunk) => ((output += chunk), check()));
    child.stderr!.on('data', (chunk) => (output += chunk));
    child.once('close', () => (clearTimeout(timer), reject(new Error(`the container exited: ${output}`))));
  });
}

/** The first of ten pids from 100 on that no process of this namespace has: the container's worker gets one of them. */
function freePids(): number {
  let first = 100;
  for (let pid = first; pid < first + 10; pid++) if (isProcessAlive(pid)) first = pid + 1;
  return first;
}

const sessionsFolder = () => path.join(mkdtempSync(path.join(os.tmpdir(), 'codev-pid-namespaces-')), '.codev', 'sessions');

describe.runIf(isSandboxAvailable())('a codev in a container with the host\'s name, sharing the sessions folder', () => {
  it('keeps the session it holds: opening it from the host is SESSION_BUSY, never a takeover', async () => {
    const directory = sessionsFolder();
    const store = createFileSessionStore({ directory });
    const id = 'shared-session';
    await (await store.open({ id, metadata: { id, cwd: '/project', model: 'claude-test', codevVersion: '0.0.0-test', createdAt: new Date().toISOString() } })).close();
    // Its pid is no process here: by the pid alone, the holder is gone.
    expect(isProcessAlive(await inContainer(['hold', directory, id], 'held'))).toBe(false);
    expect(await rejectionCode(store.open({ id }))).toBe('SESSION_BUSY');
    expect(await rejectionCode(store.delete(id))).toBe('SESSION_BUSY');
  });

  it('keeps its session folder when a codev starts on the host', async () => {
    const directory = sessionsFolder();
    mkdirSync(directory, { recursive: true });
    const folder = path.join(directory, 'container-session');
    expect(isProcessAlive(await inContainer(['own', folder], 'owned'))).toBe(false);
    expect(await removeLeftoverSessions({ directory })).toEqual([]);
    expect(existsSync(folder)).toBe(true);
  });
});
