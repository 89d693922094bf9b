#!/usr/bin/env node
/**
 * What a tool call costs through `codev mcp serve`, against the same operation served by a plain MCP SDK server
 * and by Claude Code's `claude mcp serve`, in one run:
 *
 *   node bench/mcp-serve.mjs [--rounds N] [--quick] [--servers codev,plain,plain-aa,claude,codev-unsandboxed] [--baseline DIR]
 *
 * Every server is a stdio child started once and driven by one MCP SDK Client (calls one after another, as an
 * agent makes them). Two operations: Read of a small file, and Bash `true` (a process per call).
 * - codev: `codev mcp serve --cwd <project>` as users start it (bin/codev.mjs: the built dist/ when there is one,
 *   so run `npm run build` first), every call through runToolUse: validation, rules, hooks, shell analysis and,
 *   on Linux with bubblewrap, the sandbox; and the same with `CODEV_SANDBOX=0`.
 * - codev's runToolUse in a plain server: bench/mcp-serve/run-tool-use-server.mjs, the same calls through runToolUse
 *   (sandbox on) served by the plain server's SDK code instead of createMcpServer: it splits codev's cost between its
 *   tool lifecycle and its serving layer.
 * - plain: bench/mcp-serve/plain-mcp-server.mjs, the SDK's low-level Server reading the file / spawning
 *   `bash -c`, and nothing else; twice, as two servers ("plain" and "plain A/A"), so the noise shows in one run.
 * - claude mcp serve: Claude Code's native binary (bench/'s optional dependency, linux-x64) serving its Read and
 *   Bash, temp HOME, no telemetry or other traffic.
 * Rounds alternate between the servers (the order rotated each round) so that all see the same machine load;
 * each round makes N Reads then M Bash calls per server. Per call: the wall time at the client (median over the
 * measured rounds of a round's mean), and the server process's CPU time (utime + stime of it and the children it
 * waited for, /proc, 10 ms ticks; Linux only). Ratios are against "plain".
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PEERS = path.resolve(process.env.CODEV_BENCH_PEERS ?? path.join(REPO, 'bench/node_modules'));
const CLAUDE_CODE = path.join(PEERS, '@anthropic-ai/claude-code-linux-x64/claude');
const TARGET = 1.5;

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const roundsFlag = args.indexOf('--rounds');
const ROUNDS = { warmup: quick ? 1 : 3, measured: roundsFlag === -1 ? (quick ? 5 : 9) : Number(args[roundsFlag + 1]) };
const CALLS = { Read: quick ? 40 : 150, Bash: quick ? 10 : 30 };
const serversFlag = args.indexOf('--servers');
const ONLY = serversFlag === -1 ? undefined : new Set(['plain', ...args[serversFlag + 1].split(',')]);
const TICK_MS = 1000 / (Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100);

const baselineFlag = args.indexOf('--baseline');
const BASELINE = baselineFlag === -1 ? undefined : path.resolve(args[baselineFlag + 1]);
const projects = [];
const project = makeProject();
const home = mkdtempSync(path.join(os.tmpdir(), 'codev-bench-mcp-home-'));
const OPERATIONS = operationsIn(project);
const quiet = { HOME: home, DISABLE_TELEMETRY: '1', DISABLE_ERROR_REPORTING: '1', DISABLE_AUTOUPDATER: '1', CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1' };
const codevBin = path.join(REPO, 'bin/codev.mjs');
const built = existsSync(path.join(REPO, 'dist/cli/main.js'));
const SERVERS = [
  { id: 'codev', label: `codev mcp serve (${built ? 'dist' : 'src through jiti: run npm run build'})`, command: process.execPath, args: [codevBin, 'mcp', 'serve', '--cwd', project], env: {} },
  { id: 'codev-unsandboxed', label: 'codev mcp serve, CODEV_SANDBOX=0', command: process.execPath, args: [codevBin, 'mcp', 'serve', '--cwd', project], env: { CODEV_SANDBOX: '0' } },
  { id: 'run-tool-use', label: "codev's runToolUse in a plain MCP SDK server", command: process.execPath, args: [path.join(REPO, 'bench/mcp-serve/run-tool-use-server.mjs'), project], env: {} },
  { id: 'plain', label: 'plain MCP SDK server', command: process.execPath, args: [path.join(REPO, 'bench/mcp-serve/plain-mcp-server.mjs')], env: {} },
  { id: 'plain-aa', label: 'plain MCP SDK server (A/A)', command: process.execPath, args: [path.join(REPO, 'bench/mcp-serve/plain-mcp-server.mjs')], env: {} },
  { id: 'claude', label: 'claude mcp serve (Claude Code 2.1.332)', command: CLAUDE_CODE, args: ['mcp', 'serve'], env: {} },
];
if (BASELINE) {
  // Each in a project of its own, so that neither shares the other's sandbox placeholders.
  const [before, again] = [makeProject(), makeProject()];
  SERVERS.push(
    { id: 'codev-baseline', label: `codev mcp serve of ${BASELINE} (before)`, command: process.execPath, args: [path.join(BASELINE, 'bin/codev.mjs'), 'mcp', 'serve', '--cwd', before], env: {}, project: before },
    { id: 'codev-aa', label: 'codev mcp serve (A/A: a second one)', command: process.execPath, args: [codevBin, 'mcp', 'serve', '--cwd', again], env: {}, project: again },
  );
  ONLY?.add('codev-baseline').add('codev-aa');
}

const notes = [];
const connected = [];
try {
  for (const server of SERVERS.filter(({ id }) => !ONLY || ONLY.has(id))) {
    if (server.id === 'claude' && !existsSync(CLAUDE_CODE)) {
      notes.push(`claude mcp serve not run: ${CLAUDE_CODE} is not installed (cd bench && npm install; linux-x64 only)`);
      continue;
    }
    connected.push(await connect(server));
  }
  const samples = new Map(connected.map(({ server }) => [server.id, Object.fromEntries(OPERATIONS.map(({ tool }) => [tool, { ms: [], cpuMs: [] }]))]));
  for (let round = 0; round < ROUNDS.warmup + ROUNDS.measured; round++) {
    const order = connected.map((_, index) => connected[(index + round) % connected.length]);
    for (const entry of order) {
      for (const operation of OPERATIONS) {
        const { ms, cpuMs } = await timeCalls(entry, entry.operations.find(({ tool }) => tool === operation.tool), CALLS[operation.tool]);
        if (round < ROUNDS.warmup) continue;
        samples.get(entry.server.id)[operation.tool].ms.push(ms);
        samples.get(entry.server.id)[operation.tool].cpuMs.push(cpuMs);
      }
    }
  }
  report(samples);
} finally {
  await Promise.all(connected.map(({ client }) => client.close().catch(() => {})));
  for (const folder of projects) rmSync(folder, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
}

/** Starts the server, connects a Client, checks that every operation succeeds (a failed call is not a fast one). */
async function connect(server) {
  const started = performance.now();
  const transport = new StdioClientTransport({ command: server.command, args: server.args, cwd: server.project ?? project, env: { PATH: process.env.PATH ?? '', ...quiet, ...server.env }, stderr: 'ignore' });
  const client = new Client({ name: 'codev-bench', version: '1.0.0' });
  await client.connect(transport);
  const { tools } = await client.listTools();
  const startMs = performance.now() - started;
  const operations = server.project ? operationsIn(server.project) : OPERATIONS;
  for (const operation of operations) {
    if (!tools.some((tool) => tool.name === operation.tool)) throw new Error(`${server.label} serves no ${operation.tool} tool`);
    const result = await client.callTool({ name: operation.tool, arguments: operation.input });
    const text = result.content.map((part) => part.text ?? '').join('');
    if (result.isError || !operation.check(text)) throw new Error(`${server.label}: ${operation.tool} failed: ${text.slice(0, 500)}`);
  }
  return { server, client, pid: transport.pid, startMs, operations };
}

/** A temp project with the small file the Reads read. */
function makeProject() {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'codev-bench-mcp-serve-'));
  writeFileSync(path.join(folder, 'small.txt'), 'hello from a small file\n'.repeat(20));
  projects.push(folder);
  return folder;
}

function operationsIn(folder) {
  return [
    { tool: 'Read', input: { file_path: path.join(folder, 'small.txt') }, check: (text) => text.includes('hello from a small file') },
    { tool: 'Bash', input: { command: 'true' }, check: () => true },
  ];
}

async function timeCalls(entry, operation, calls) {
  const cpuBefore = processCpuMs(entry.pid);
  const started = performance.now();
  for (let call = 0; call < calls; call++) {
    const result = await entry.client.callTool({ name: operation.tool, arguments: operation.input });
    if (result.isError) throw new Error(`${entry.server.label}: ${operation.tool} failed during the run`);
  }
  const ms = (performance.now() - started) / calls;
  return { ms, cpuMs: (processCpuMs(entry.pid) - cpuBefore) / calls };
}

/** utime + stime + cutime + cstime of a process (Linux /proc), in ms; NaN elsewhere. */
function processCpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) * TICK_MS;
  } catch {
    return Number.NaN;
  }
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function report(samples) {
  const format = (value) => (Number.isNaN(value) ? '–' : value.toFixed(value < 10 ? 2 : 1));
  const ratio = (value, reference) => (reference > 0 && !Number.isNaN(value) ? `${(value / reference).toFixed(2)}×` : '–');
  console.log(`# MCP tool call round trip${quick ? ' (--quick)' : ''}\n`);
  console.log(`Node ${process.version}, ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.availableParallelism()} cores, load average ${os.loadavg().map((load) => load.toFixed(1)).join(' ')}, ${new Date().toISOString().slice(0, 10)}; ${ROUNDS.warmup} warm-up + ${ROUNDS.measured} measured rounds of ${CALLS.Read} Reads and ${CALLS.Bash} Bash calls per server, servers interleaved\n`);
  console.log('| operation | server | ms/call (median) | rounds min–max | ratio vs plain | server CPU ms/call | CPU ratio vs plain | start + tools/list ms |');
  console.log('|---|---|---|---|---|---|---|---|');
  const verdicts = [];
  for (const { tool } of OPERATIONS) {
    const plain = samples.get('plain')[tool];
    const [plainMs, plainCpu] = [median(plain.ms), median(plain.cpuMs)];
    for (const { server, startMs } of connected) {
      const { ms, cpuMs } = samples.get(server.id)[tool];
      const [medianMs, medianCpu] = [median(ms), median(cpuMs)];
      console.log(`| ${tool} | ${server.label} | ${format(medianMs)} | ${format(Math.min(...ms))}–${format(Math.max(...ms))} | ${ratio(medianMs, plainMs)} | ${format(medianCpu)} | ${ratio(medianCpu, plainCpu)} | ${Math.round(startMs)} |`);
      if (server.id !== 'codev') continue;
      const aa = samples.has('plain-aa') ? ` (A/A ${ratio(median(samples.get('plain-aa')[tool].ms), plainMs)})` : '';
      const layer = samples.has('run-tool-use') ? `; the serving layer: ${ratio(medianMs, median(samples.get('run-tool-use')[tool].ms))} runToolUse in a plain server` : '';
      verdicts.push(`- ${tool}: codev ${ratio(medianMs, plainMs)} the plain server's wall time per call${aa}: ${medianMs <= TARGET * plainMs ? 'met' : 'NOT met'}${layer}`);
    }
  }
  console.log(`\nTarget: a call through codev mcp serve within ${TARGET}× the plain MCP SDK server's:\n${verdicts.join('\n')}`);
  for (const note of notes) console.log(`\nNote: ${note}`);
}
