import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createFakeMessagesServer, textReply, toolUseReply, type FakeMessagesServer } from '../../src/testing/index.ts';
import { median } from '../harness/measure-case.ts';
import type { BenchOptions } from '../harness/types.ts';

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CLI = path.join(REPO, 'bin/codev.mjs');
const TINY_AGENT = path.join(REPO, 'bench/agent/tiny-agent.ts');

/** Fresh processes per case: warm-up (fills the OS file cache and jiti's transpile cache), then measured. */
export const COLD_START_RUNS = { full: { warmup: 1, measured: 9 }, quick: { warmup: 1, measured: 3 } } as const;

/** One command started as a fresh process, again and again. */
export interface ColdStartCase {
  id: string;
  label: string;
  /** Arguments after `node`. */
  args: readonly string[];
  /** What stdout must contain (checked on every run, with exit code 0). */
  expect: string;
  /** Start the fake Messages server in the bench process and point the command at it. */
  needsModel?: boolean;
}

/** What a cold-start case reports. */
export interface ColdStartResult {
  id: string;
  label: string;
  runs: number;
  /** Median wall time of one process, spawn to exit, in ms. */
  ms: number;
  samples: readonly number[];
  notes: readonly string[];
}

export const COLD_START_CASES: readonly ColdStartCase[] = [
  { id: 'node', label: 'baseline: node -e 0', args: ['-e', '0'], expect: '' },
  { id: 'node-zod', label: 'baseline: node -e "import(\'zod\')"', args: ['-e', "import('zod')"], expect: '' },
  { id: 'help', label: 'codev --help', args: [CLI, '--help'], expect: 'Usage:' },
  { id: 'tools', label: 'codev tools (loads codev.config.ts + plugins/)', args: [CLI, 'tools'], expect: 'Echo' },
  { id: 'tool', label: 'codev tool Echo \'{"message":"hi"}\'', args: [CLI, 'tool', 'Echo', '{"message":"hi"}'], expect: 'hi' },
  {
    id: 'run',
    label: 'codev run tiny-agent.ts (1 Echo call + final text, fake server)',
    args: [CLI, 'run', TINY_AGENT, '--cwd', REPO],
    expect: 'done',
    needsModel: true,
  },
];

/**
 * Runs the case's command `warmup + measured` times, one process after another, from spawn to exit (stdout
 * and stderr piped and read, so a full pipe cannot stall it). The processes are spawned asynchronously: the
 * fake Messages server of the `run` row lives in this process and must keep answering.
 */
export async function measureColdStart(benchCase: ColdStartCase, options: BenchOptions): Promise<ColdStartResult> {
  const rounds = options.quick ? COLD_START_RUNS.quick : COLD_START_RUNS.full;
  const server = benchCase.needsModel ? await startModel() : undefined;
  const env: NodeJS.ProcessEnv = { ...process.env, ANTHROPIC_API_KEY: 'sk-bench', NO_COLOR: '1' };
  delete env.ANTHROPIC_BASE_URL;
  delete env.NODE_OPTIONS;
  if (server) env.ANTHROPIC_BASE_URL = server.url;
  const samples: number[] = [];
  try {
    for (let round = 0; round < rounds.warmup + rounds.measured; round++) {
      const ms = await timeProcess(benchCase, env);
      if (round >= rounds.warmup) samples.push(ms);
    }
  } finally {
    await server?.close();
  }
  return { id: benchCase.id, label: benchCase.label, runs: samples.length, ms: median(samples), samples, notes: [] };
}

function timeProcess(benchCase: ColdStartCase, env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve, reject) => {
    const startedAt = performance.now();
    const child = spawn(process.execPath, [...benchCase.args], { cwd: REPO, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = performance.now() - startedAt;
      if (code !== 0 || !stdout.includes(benchCase.expect)) reject(new Error(`${benchCase.label}: exit ${code}, stdout ${JSON.stringify(stdout.slice(-300))}, stderr ${JSON.stringify(stderr.slice(-300))}`));
      else resolve(ms);
    });
  });
}

/** The fake model of the `run` row: an Echo call, then (once the request carries its result) the final text. */
function startModel(): Promise<FakeMessagesServer> {
  return createFakeMessagesServer({
    script: (request) => {
      const last = request.body.messages?.at(-1);
      const answered = Array.isArray(last?.content) && last.content.some((block) => block.type === 'tool_result');
      return answered ? textReply('done') : toolUseReply('Echo', { message: 'hi' });
    },
  });
}
