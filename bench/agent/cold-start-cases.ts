import { spawn } from 'node:child_process';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createFakeMessagesServer, textReply, toolUseReply, type FakeMessagesServer } from '../../src/testing/index.ts';
import { median } from '../harness/measure-case.ts';
import type { BenchOptions } from '../harness/types.ts';
import { buildIfStale } from './install-packed-codev.mjs';
import { measureTargets } from './start-targets.ts';

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The checkout whose CLI is measured: this one, or another (`CODEV_COLD_START_ROOT`, e.g. a worktree of an older revision). */
export const CLI_ROOT = path.resolve(process.env.CODEV_COLD_START_ROOT ?? REPO);
const CLI = path.join(CLI_ROOT, 'bin/codev.mjs');
const TINY_AGENT = path.join(REPO, 'bench/agent/tiny-agent.ts');
const REPORT_CPU = path.join(REPO, 'bench/agent/report-cpu-at-exit.cjs');
const DIST = pathToFileURL(path.join(CLI_ROOT, 'dist')).href;
/** The Vercel AI SDK, installed in bench/ (`cd bench && npm install`): the peer a plugin author compares the import with. */
const AI = pathToFileURL(path.join(REPO, 'bench/node_modules/ai/dist/index.mjs')).href;

const CLOCK_TICK_MS = 10; // USER_HZ is 100 on Linux whatever the kernel's HZ

/** The `targets` case's rounds: every round runs each of its commands once (1 + 3 with --quick). */
export const TARGET_RUNS = { full: { warmup: 1, measured: 9 }, quick: { warmup: 1, measured: 3 } } as const;

/** Fresh processes per case: warm-up (fills the OS file cache and jiti's transpile cache), then measured. */
export const COLD_START_RUNS = { full: { warmup: 1, measured: 9 }, quick: { warmup: 1, measured: 3 } } as const;

/** The targets: `--help` under 2× `node -e 0`, a one-turn run under 400 ms of CPU, the first Bash call under 100 ms more. */
export const COLD_START_TARGETS = { helpRatio: 2, runCpuMs: 400, firstBashCpuMs: 100 } as const;

/** One command started as a fresh process, again and again. */
export interface ColdStartCase {
  id: string;
  label: string;
  /** Arguments after `node`. */
  args: readonly string[];
  /** What stdout must contain (checked on every run, with exit code 0). */
  expect: string;
  /** Start the fake Messages server in the bench process; its first reply calls this tool. */
  modelCalls?: { name: string; input: Record<string, unknown> };
  /** The row runs the built package (dist/), which the bench builds first when it is stale. */
  runsDist?: boolean;
  /** Extra environment (CODEV_FROM_SOURCE=1 for the rows that run src/ through jiti). */
  env?: Readonly<Record<string, string>>;
  /** Working folder (default: the repo). */
  cwd?: string;
  /** `args[0]` is a native executable, not a script for `node`: its CPU is read by a shell that waited for it (see timeProcess). */
  native?: boolean;
  /** The `targets` case: the targets, commands interleaved against their anchors (start-targets.ts). */
  interleaved?: boolean;
}

/** What a cold-start case reports. */
export interface ColdStartResult {
  id: string;
  label: string;
  runs: number;
  /** Median wall time of one process, spawn to exit, in ms. */
  ms: number;
  samples: readonly number[];
  /** Median CPU time of the process (user + system, all threads, plus the children it waited for), in ms. */
  cpuMs: number;
  cpuSamples: readonly number[];
  notes: readonly string[];
  /** The `targets` case: one row per interleaved command (the case's own figures are the installed `codev run`'s). */
  rows?: readonly ColdStartResult[];
}

const ECHO = { name: 'Echo', input: { message: 'hi' } };
const BASH = { name: 'Bash', input: { command: 'true' } };
const SOURCE = { CODEV_FROM_SOURCE: '1' };

export const COLD_START_CASES: readonly ColdStartCase[] = [
  { id: 'node', label: 'baseline: node -e 0', args: ['-e', '0'], expect: '' },
  { id: 'node-zod', label: 'baseline: node -e "import(\'zod\')"', args: ['-e', "import('zod')"], expect: '' },
  { id: 'import-codev', label: 'import(\'codev\') (the whole public API)', args: ['-e', `import('${DIST}/index.js')`], expect: '', runsDist: true },
  { id: 'import-plugin', label: 'import(\'codev/plugin\') (what a plugin needs)', args: ['-e', `import('${DIST}/plugin.js')`], expect: '', runsDist: true },
  { id: 'import-ai', label: 'peer: import(\'ai\') (Vercel AI SDK)', args: ['-e', `import('${AI}')`], expect: '' },
  { id: 'help', label: 'codev --help', args: [CLI, '--help'], expect: 'Usage:' },
  { id: 'tools', label: 'codev tools (loads codev.config.ts + plugins/)', args: [CLI, 'tools'], expect: 'Echo' },
  { id: 'tool', label: 'codev tool Echo \'{"message":"hi"}\'', args: [CLI, 'tool', 'Echo', '{"message":"hi"}'], expect: 'hi' },
  { id: 'tool-bash', label: 'codev tool Bash \'{"command":"true"}\'', args: [CLI, 'tool', 'Bash', '{"command":"true"}', '--json'], expect: '"is_error": false' },
  { id: 'run', label: 'codev run tiny-agent.ts (1 Echo call + final text, fake server)', args: [CLI, 'run', TINY_AGENT, '--cwd', REPO], expect: 'done', modelCalls: ECHO },
  { id: 'run-bash', label: 'codev run tiny-agent.ts (1 Bash call `true` + final text)', args: [CLI, 'run', TINY_AGENT, '--cwd', REPO], expect: 'done', modelCalls: BASH },
  { id: 'tools-source', label: 'codev tools, from source (CODEV_FROM_SOURCE=1: src/ through jiti)', args: [CLI, 'tools'], expect: 'Echo', env: SOURCE },
  { id: 'run-source', label: 'codev run tiny-agent.ts, from source', args: [CLI, 'run', TINY_AGENT, '--cwd', REPO], expect: 'done', modelCalls: ECHO, env: SOURCE },
  { id: 'targets', label: 'the issue\'s targets: installed codev vs Claude Code, the Agent SDK, node and ai, interleaved', args: [], expect: '', interleaved: true },
];

/**
 * Runs the case's command `warmup + measured` times, one process after another, from spawn to exit (stdout
 * and stderr piped and read, so a full pipe cannot stall it). The processes are spawned asynchronously: the
 * fake Messages server of the `run` rows lives in this process and must keep answering. Every process is
 * started with `--require report-cpu-at-exit.cjs`, which writes its CPU time to fd 3 as it exits.
 */
export async function measureColdStart(benchCase: ColdStartCase, options: BenchOptions): Promise<ColdStartResult> {
  const rounds = options.quick ? COLD_START_RUNS.quick : COLD_START_RUNS.full;
  const env: NodeJS.ProcessEnv = { ...process.env, ANTHROPIC_API_KEY: 'sk-bench', NO_COLOR: '1', COLD_START_BENCH_PID: String(process.pid), ...benchCase.env };
  delete env.ANTHROPIC_BASE_URL;
  delete env.NODE_OPTIONS;
  if (benchCase.env?.CODEV_FROM_SOURCE === undefined) delete env.CODEV_FROM_SOURCE;
  if (benchCase.interleaved) return measureTargets(benchCase, { ...options, rounds: options.quick ? TARGET_RUNS.quick : TARGET_RUNS.full, timeProcess, baseEnv: env });
  const notes = (benchCase.args[0] === CLI || benchCase.runsDist) && benchCase.env?.CODEV_FROM_SOURCE !== '1' ? buildIfStale(CLI_ROOT) : [];
  const server = benchCase.modelCalls ? await startModel(benchCase.modelCalls) : undefined;
  if (server) env.ANTHROPIC_BASE_URL = server.url;
  const samples: number[] = [];
  const cpuSamples: number[] = [];
  // `codev run` saves each run's session in the project (the repo): the ones this case made go afterwards.
  const sessions = path.join(REPO, '.codev', 'sessions');
  const before = new Set(listTranscripts(sessions));
  try {
    for (let round = 0; round < rounds.warmup + rounds.measured; round++) {
      const { ms, cpuMs } = await timeProcess(benchCase, env);
      if (round < rounds.warmup) continue;
      samples.push(ms);
      cpuSamples.push(cpuMs);
    }
  } finally {
    await server?.close();
    for (const name of listTranscripts(sessions)) if (!before.has(name)) rmSync(path.join(sessions, name), { force: true });
  }
  return { id: benchCase.id, label: benchCase.label, runs: samples.length, ms: median(samples), samples, cpuMs: median(cpuSamples), cpuSamples, notes };
}

function listTranscripts(directory: string): string[] {
  return existsSync(directory) ? readdirSync(directory).filter((name) => name.endsWith('.jsonl')) : [];
}

/**
 * One process, spawn to exit. A node command runs as `node --require report-cpu-at-exit.cjs <args>` and reports its
 * own CPU on fd 3. A native one (Claude Code's binary) cannot, and Node 20 gives a parent no child's resource usage,
 * so it runs under `sh -c '"$@" 3>&-; cat /proc/$$/stat >&3'`: once the shell has waited for the binary, its
 * cutime + cstime hold the binary's CPU (all threads) and that of every process the binary waited for (10 ms ticks);
 * the shell's own CPU is not counted.
 */
function timeProcess(benchCase: ColdStartCase, env: NodeJS.ProcessEnv): Promise<{ ms: number; cpuMs: number }> {
  return new Promise((resolve, reject) => {
    const startedAt = performance.now();
    const [command, args] = benchCase.native
      ? ['/bin/sh', ['-c', '"$@" 3>&-; status=$?; cat /proc/$$/stat >&3; exit $status', 'sh', ...benchCase.args]]
      : [process.execPath, ['--require', REPORT_CPU, ...benchCase.args]];
    const child = spawn(command, args, { cwd: benchCase.cwd ?? REPO, env, stdio: ['ignore', 'pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let report = '';
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    (child.stdio[3] as NodeJS.ReadableStream).setEncoding('utf8').on('data', (chunk: string) => (report += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = performance.now() - startedAt;
      const failure = code !== 0 || !stdout.includes(benchCase.expect) ? `exit ${code}` : report.trim() === '' ? 'no CPU report on fd 3' : undefined;
      if (failure) return reject(new Error(`${benchCase.label}: ${failure}, stdout ${JSON.stringify(stdout.slice(-300))}, stderr ${JSON.stringify(stderr.slice(-300))}`));
      if (benchCase.native) return resolve({ ms, cpuMs: waitedChildrenMs(report) });
      const cpu = JSON.parse(report) as { userMs: number; systemMs: number; childrenMs: number };
      resolve({ ms, cpuMs: cpu.userMs + cpu.systemMs + cpu.childrenMs });
    });
  });
}

/** cutime + cstime of a /proc/<pid>/stat line (fields 16 and 17; the command name in parentheses may hold spaces), in ms. */
function waitedChildrenMs(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).trim().split(' ');
  return (Number(fields[13]) + Number(fields[14])) * CLOCK_TICK_MS;
}

/** The fake model of the `run` rows: one tool call, then (once the request carries its result) the final text, `done` only if the call succeeded. */
function startModel(call: { name: string; input: Record<string, unknown> }): Promise<FakeMessagesServer> {
  return createFakeMessagesServer({
    script: (request) => {
      const last = request.body.messages?.at(-1);
      const result = Array.isArray(last?.content) ? last.content.find((block) => block.type === 'tool_result') : undefined;
      if (!result) return toolUseReply(call.name, call.input);
      return textReply('is_error' in result && result.is_error ? `the ${call.name} call failed` : 'done');
    },
  });
}
