import type { ChildProcess } from 'node:child_process';
import { errorMessage } from '../errors/codev-error.ts';
import { createPausableTimer } from './create-pausable-timer.ts';
import { startReplProcess, type ReplProcess } from './start-repl-process.ts';
import type { ReplHostMessage, ReplResetReason, ReplRunOptions, ReplRunOutcome, ReplToolAnswer, ReplWorkerMessage } from './types.ts';

/** Characters of stdout and of stderr one run keeps. */
export const MAX_CAPTURED_OUTPUT_CHARS = 200_000;

/**
 * One REPL state: a persistent worker process whose `vm` context keeps every cell's declarations. Runs are
 * queued, one at a time. A timeout, an abort or a crash kills the worker and ends the run with a note that
 * the state was reset; the next run starts a fresh worker. While idle the worker does not keep the host
 * alive (the child, its IPC channel and its pipes are unref'd); it dies with the host.
 */
export class ReplSession {
  #process: Promise<ReplProcess> | undefined;
  #queue: Promise<unknown> = Promise.resolve();
  #nextRunId = 0;
  /** Where the worker's raw stdout and stderr go while a run is active. */
  #sink: ((stream: 'stdout' | 'stderr', text: string) => void) | undefined;

  /** Runs one transformed cell after the ones already queued. Rejects only when the worker cannot start. */
  run(options: ReplRunOptions): Promise<ReplRunOutcome> {
    const next = this.#queue.then(() => this.#runNow(options));
    this.#queue = next.catch(() => undefined);
    return next;
  }

  /** Kills the worker, if any; the next run starts a fresh one. */
  reset(): void {
    const started = this.#process;
    this.#process = undefined;
    void started?.then((worker) => worker.child.kill('SIGKILL'), () => undefined);
  }

  /** The running worker's pid, if one has started (for diagnostics and tests). */
  async pid(): Promise<number | undefined> {
    return (await this.#process?.catch(() => undefined))?.child.pid;
  }

  async #runNow(options: ReplRunOptions): Promise<ReplRunOutcome> {
    if (options.signal.aborted) return { stdout: '', stderr: '', error: 'Interrupted before the code ran' };
    const worker = await this.#ensureProcess();
    const { child } = worker;
    const runId = ++this.#nextRunId;
    const output = { stdout: '', stderr: '' };
    const append = (stream: 'stdout' | 'stderr', text: string) => {
      // The worker caps console output; this also bounds what the process writes to its pipes directly.
      if (output[stream].length < MAX_CAPTURED_OUTPUT_CHARS * 2) output[stream] += text;
      options.onOutput?.(stream, text);
    };
    const calls = new AbortController();
    return new Promise<ReplRunOutcome>((resolve) => {
      let finished = false;
      const finish = (outcome: Omit<ReplRunOutcome, 'stdout' | 'stderr'>) => {
        if (finished) return;
        finished = true;
        timer.clear();
        child.off('message', onMessage);
        child.off('exit', onExit);
        options.signal.removeEventListener('abort', onAbort);
        this.#sink = undefined;
        setReferenced(child, false);
        calls.abort();
        resolve({ ...outcome, stdout: output.stdout, stderr: output.stderr });
      };
      const kill = (reset: ReplResetReason, reason: string) => {
        if (finished) return;
        if (this.#process) this.reset();
        finish({ error: `${reason}; the REPL state was reset`, reset });
      };
      const timer = createPausableTimer({ ms: options.timeoutMs, onFire: () => kill('timeout', `Timed out after ${options.timeoutMs} ms`) });
      const onAbort = () => kill('abort', 'Interrupted');
      const onExit = (code: number | null, signal: NodeJS.Signals | null) =>
        kill('crash', `The REPL process exited unexpectedly (${code !== null ? `exit code ${code}` : `signal ${signal}`})`);
      const send = (message: ReplHostMessage) => {
        if (finished) return;
        try {
          child.send(message, (error) => error && kill('crash', `The REPL process could not be reached: ${error.message}`));
        } catch (error) {
          kill('crash', `The REPL process could not be reached: ${errorMessage(error)}`);
        }
      };
      const answer = async (message: Extract<ReplWorkerMessage, { type: 'tool' }>) => {
        let input: unknown;
        try {
          input = JSON.parse(message.inputJson);
        } catch {
          input = {};
        }
        const result: ReplToolAnswer = await options
          .onToolCall({ name: message.name, input }, { signal: calls.signal, pauseClock: timer.pause })
          .catch((error: unknown) => ({ ok: false, status: 'error', message: errorMessage(error) }));
        send(toAnswerMessage(message.callId, message.name, result));
      };
      const onMessage = (message: ReplWorkerMessage) => {
        if (message.type === 'ready' || message.runId !== runId) return;
        if (message.type === 'output') append(message.stream, message.text);
        else if (message.type === 'tool') void answer(message);
        else finish({ result: message.result, error: message.error });
      };
      child.on('message', onMessage);
      child.once('exit', onExit);
      options.signal.addEventListener('abort', onAbort, { once: true });
      this.#sink = append;
      setReferenced(child, true);
      send({ type: 'run', runId, code: options.code, lineCount: options.lineCount, toolNames: options.toolNames, maxOutputChars: MAX_CAPTURED_OUTPUT_CHARS });
    });
  }

  #ensureProcess(): Promise<ReplProcess> {
    if (this.#process) return this.#process;
    const started = startReplProcess().then((worker) => {
      const { child } = worker;
      child.stdout?.on('data', (chunk: Buffer) => this.#sink?.('stdout', chunk.toString('utf8')));
      child.stderr?.on('data', (chunk: Buffer) => this.#sink?.('stderr', chunk.toString('utf8')));
      child.once('exit', () => {
        if (this.#process === started) this.#process = undefined;
      });
      setReferenced(child, false);
      return worker;
    });
    this.#process = started;
    started.catch(() => {
      if (this.#process === started) this.#process = undefined;
    });
    return started;
  }
}

function toAnswerMessage(callId: number, name: string, answer: ReplToolAnswer): ReplHostMessage {
  if (!answer.ok) return { type: 'tool-result', callId, ok: false, status: answer.status, message: answer.message };
  try {
    const outputJson = answer.output === undefined ? undefined : JSON.stringify(answer.output);
    return { type: 'tool-result', callId, ok: true, ...(outputJson === undefined ? {} : { outputJson }) };
  } catch (error) {
    return { type: 'tool-result', callId, ok: false, status: 'error', message: `The output of ${name} is not JSON: ${errorMessage(error)}` };
  }
}

type Referenceable = { ref?(): void; unref?(): void } | null | undefined;

/** Whether the worker keeps the host's event loop alive: only while a run is active. */
function setReferenced(child: ChildProcess, referenced: boolean): void {
  const handles: Referenceable[] = [child, child.channel as Referenceable, child.stdout as Referenceable, child.stderr as Referenceable];
  for (const handle of handles) {
    if (referenced) handle?.ref?.();
    else handle?.unref?.();
  }
}
