import { spawn } from 'node:child_process';
import { createCommandMarker } from '../../processes/command-marker.ts';
import { endWithCodev } from '../../processes/end-with-codev.ts';
import { killProcessTree } from '../../processes/kill-process-tree.ts';
import type { CommandRunResult } from './types.ts';

/** Output beyond this many characters per stream is dropped. */
const MAX_OUTPUT_CHARS = 1_000_000;
/** How long a hook's processes get between SIGTERM and SIGKILL. */
const KILL_GRACE_MS = 1_000;
/** How long to wait for the pipes after the process exited (a background child may hold them open). */
const DRAIN_MS = 200;

/**
 * Runs one hook command: `bash -c <command>` (or `sh -c` when bash is missing) in `cwd`, in its own
 * process group, with `stdin` written then closed. When `timeoutMs` passes or `signal` aborts, the hook and
 * everything it started get SIGTERM, then SIGKILL (`killProcessTree`). What it leaves running in the
 * background is marked, and ends with codev (`endWithCodev`). Never rejects.
 */
export async function runHookCommand(options: {
  command: string;
  stdin: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  timeoutMs: number;
  signal?: AbortSignal;
}): Promise<CommandRunResult> {
  const first = await runWithShell({ ...options, shell: 'bash' });
  if (first.spawnError?.includes('ENOENT')) return runWithShell({ ...options, shell: 'sh' });
  return first;
}

function runWithShell(options: Parameters<typeof runHookCommand>[0] & { shell: string }): Promise<CommandRunResult> {
  return new Promise((resolve) => {
    const result: CommandRunResult = { stdout: '', stderr: '', timedOut: false, aborted: false };
    let settled = false;
    const timers: ReturnType<typeof setTimeout>[] = [];
    const marker = createCommandMarker();
    const child = endWithCodev(() =>
      spawn(options.shell, ['-c', options.command], { cwd: options.cwd, env: { ...options.env, ...marker.environment }, detached: true, stdio: ['pipe', 'pipe', 'pipe'] }),
    );
    const leaderExited = new Promise<void>((resolve) => {
      child.once('error', () => resolve());
      child.once('exit', () => resolve());
    });
    const finish = () => {
      if (settled) return;
      settled = true;
      for (const timer of timers) clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      child.stdout?.destroy();
      child.stderr?.destroy();
      resolve(result);
    };
    const stop = () => {
      if (child.pid !== undefined) void killProcessTree({ pid: child.pid, leaderExited, markerId: marker.id, graceMs: KILL_GRACE_MS });
    };
    const onAbort = () => {
      result.aborted = true;
      stop();
    };
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => { if (result.stdout.length < MAX_OUTPUT_CHARS) result.stdout += chunk; });
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => { if (result.stderr.length < MAX_OUTPUT_CHARS) result.stderr += chunk; });
    child.stdin!.on('error', () => {}); // A script that never reads stdin closes it early (EPIPE).
    child.stdin!.end(options.stdin);
    child.on('error', (error) => {
      result.spawnError = error.message;
      finish();
    });
    child.on('exit', (code) => {
      result.exitCode = code ?? undefined;
      // A background child may keep the pipes open; it is left running, but not waited for.
      timers.push(setTimeout(finish, DRAIN_MS));
    });
    child.on('close', finish);
    timers.push(setTimeout(() => { result.timedOut = true; stop(); }, options.timeoutMs));
    if (options.signal?.aborted) onAbort();
    else options.signal?.addEventListener('abort', onAbort, { once: true });
  });
}
