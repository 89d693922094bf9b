#!/usr/bin/env node
/**
 * How long `codev mcp serve` (stdio) takes from its spawn to its answer to the client's first tools/list: what a
 * client (Claude Code, Cursor) waits for once per session. Compares the bin/codev.mjs files given (a checkout's
 * built CLI each, e.g. this one and a worktree of main), one spawn each per round, alternating, so all see the
 * same machine load; give one of them twice for the A/A ratio. Prints each one's median ms and its ratio to the
 * first. The project is an empty one (package.json only): the built-in tools.
 *
 *   node bench/mcp-serve-start.mjs <bin/codev.mjs> <bin/codev.mjs>... [--rounds N]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const args = process.argv.slice(2);
const roundsFlag = args.indexOf('--rounds');
const rounds = roundsFlag === -1 ? 15 : Number(args.splice(roundsFlag, 2)[1]);
const bins = args.map((bin) => path.resolve(bin));
if (bins.length === 0) {
  console.error('usage: node bench/mcp-serve-start.mjs <bin/codev.mjs> <bin/codev.mjs>... [--rounds N]');
  process.exit(2);
}
const project = mkdtempSync(path.join(os.tmpdir(), 'mcp-serve-start-'));
writeFileSync(path.join(project, 'package.json'), '{ "type": "module" }');
const INITIALIZE = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1' } } };
const LIST = { jsonrpc: '2.0', id: 2, method: 'tools/list' };

/** Spawns the server, sends initialize and tools/list at once, and resolves with the ms until the list's answer. */
function startOnce(bin) {
  return new Promise((resolve) => {
    const started = process.hrtime.bigint();
    const child = spawn(process.execPath, [bin, 'mcp', 'serve', '--cwd', project], { stdio: ['pipe', 'pipe', 'ignore'], env: { ...process.env, CODEV_SANDBOX: '0' } });
    let output = '';
    let ms;
    child.stdout.on('data', (chunk) => {
      output += chunk;
      if (ms !== undefined || !output.includes('"id":2')) return;
      ms = Number(process.hrtime.bigint() - started) / 1e6;
      child.stdin.end();
    });
    child.stdin.write(`${JSON.stringify(INITIALIZE)}\n${JSON.stringify(LIST)}\n`);
    child.once('exit', () => resolve(ms ?? Number.NaN));
  });
}

const times = bins.map(() => []);
try {
  for (let round = 0; round < rounds; round++) for (const [index, bin] of bins.entries()) times[index].push(await startOnce(bin));
} finally {
  rmSync(project, { recursive: true, force: true });
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const first = median(times[0]);
for (const [index, bin] of bins.entries()) console.log(`${bin}: ${median(times[index]).toFixed(0)} ms (min ${Math.min(...times[index]).toFixed(0)}, max ${Math.max(...times[index]).toFixed(0)}), ${(median(times[index]) / first).toFixed(2)}x the first`);
