/**
 * Starts `local-agent-process.mjs` (a child node process owned by the bench) and returns `run(tag, turns,
 * persisted, textBlocks)`, which resolves when that query has ended (60 s at most), and `stop()`. Not run
 * on its own.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ownChild } from './owned-resources.mjs';
import { withTimeout } from './wait-until.mjs';

const SCRIPT = fileURLToPath(new URL('./local-agent-process.mjs', import.meta.url));
const RUN_WITHIN_MS = 60_000;

export async function startLocalAgentProcess(config) {
  const child = ownChild(fork(SCRIPT, [JSON.stringify(config)], { stdio: ['ignore', 'ignore', 'pipe', 'ipc'], execArgv: process.execArgv }));
  let errors = '';
  child.stderr.on('data', (chunk) => void (errors = (errors + chunk.toString()).slice(-4_000)));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const waiting = new Map();
  child.on('message', (message) => {
    if (message?.type !== 'done') return;
    waiting.get(message.tag)?.(message);
    waiting.delete(message.tag);
  });
  const ready = new Promise((resolve, reject) => {
    child.on('message', (message) => message?.type === 'ready' && resolve());
    child.once('exit', (code, signal) => reject(new Error(`fleet bench: the local agent process exited (${signal ?? code}):\n${errors}`)));
  });
  await withTimeout(ready, 20_000, 'the local agent process ready');
  return {
    async run(tag, turns, persisted, textBlocks = 0) {
      const done = new Promise((resolve) => waiting.set(tag, resolve));
      child.send({ type: 'run', tag, turns, persisted, textBlocks });
      const message = await withTimeout(done, RUN_WITHIN_MS, `local job ${tag}`);
      if (message.reason !== 'end_turn') throw new Error(`fleet bench: local job ${tag} ended with ${message.reason}${message.error ? `: ${message.error}` : ''}`);
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
