#!/usr/bin/env node
// Which modules a command loads: `node test/start/test-fixtures/list-loaded-modules.mjs [--json] [--fake-model]
// [--root <checkout>] -- <node arguments>` runs `node --import record-loads.mjs <node arguments>` in the checkout
// (default: this one) and prints how many files it loaded per package (codev's own modules as `codev`, counted
// by file, so a bundle's chunks count too). --fake-model starts the fake Messages server of the built
// `codev/testing` (one Echo call, then `done`) and passes its URL as ANTHROPIC_BASE_URL; --json prints the
// URLs and the counts as JSON. CODEV_FROM_SOURCE=1 in its environment runs src/ through jiti instead of dist/
// (jiti evaluates codev's files and ESM packages itself: only CommonJS ones and native imports are seen then).
// The repo's test/start/modules-loaded.test.ts uses it.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const RECORDER = path.join(HERE, 'record-loads.mjs');

/**
 * The package a loaded URL belongs to: `node:` builtins as `node:`, a file under node_modules as its package
 * name (the last node_modules folder in the path), a file of the checkout's dist/ or src/ as `codev`, anything
 * else (the project's config, plugins, scripts) as `other`.
 */
export function packageOf(url, root) {
  if (url.startsWith('node:')) return 'node:';
  const match = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\/[^/]*/.exec(url.slice(url.lastIndexOf('/node_modules/')));
  if (match) return match[1];
  const base = pathToFileURL(root).href;
  if (url.startsWith(`${base}/dist/`) || url.startsWith(`${base}/src/`)) return 'codev';
  return 'other';
}

/** Runs `node --import record-loads.mjs …args` and resolves with the distinct URLs it loaded, in order, and its exit. */
export function recordLoads({ root, args, env = {}, cwd = root }) {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'codev-loads-'));
  const file = path.join(folder, 'loads.txt');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', pathToFileURL(RECORDER).href, ...args], {
      cwd,
      env: { ...process.env, NODE_OPTIONS: '', CODEV_FROM_SOURCE: '', ...env, CODEV_RECORD_LOADS: file },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      let text = '';
      try {
        text = readFileSync(file, 'utf8');
      } catch {}
      rmSync(folder, { recursive: true, force: true });
      const urls = [...new Set(text.split('\n').filter(Boolean))];
      resolve({ code, stdout, stderr, urls });
    });
  });
}

/** Files loaded per package, most first. */
export function countByPackage(urls, root) {
  const counts = new Map();
  for (const url of urls) counts.set(packageOf(url, root), (counts.get(packageOf(url, root)) ?? 0) + 1);
  return Object.fromEntries([...counts].sort((a, b) => b[1] - a[1]));
}

async function startFakeModel(root) {
  const { createFakeMessagesServer, textReply, toolUseReply } = await import(pathToFileURL(path.join(root, 'dist/testing/index.js')).href);
  return createFakeMessagesServer({
    script: (request) => {
      const last = request.body.messages?.at(-1);
      const answered = Array.isArray(last?.content) && last.content.some((block) => block.type === 'tool_result');
      return answered ? textReply('done') : toolUseReply('Echo', { message: 'hi' });
    },
  });
}

async function cli(argv) {
  const split = argv.indexOf('--');
  const options = split === -1 ? argv : argv.slice(0, split);
  const args = split === -1 ? [] : argv.slice(split + 1);
  const rootAt = options.indexOf('--root');
  const root = path.resolve(rootAt === -1 ? path.join(HERE, '../../..') : options[rootAt + 1]);
  if (args.length === 0) {
    process.stderr.write('usage: list-loaded-modules.mjs [--json] [--fake-model] [--root <checkout>] -- <node arguments>\n');
    return 2;
  }
  const server = options.includes('--fake-model') ? await startFakeModel(root) : undefined;
  try {
    const env = { CODEV_FROM_SOURCE: process.env.CODEV_FROM_SOURCE ?? '', ...(server ? { ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: 'sk-loads' } : {}) };
    const run = await recordLoads({ root, args, env });
    const counts = countByPackage(run.urls, root);
    if (options.includes('--json')) process.stdout.write(`${JSON.stringify({ code: run.code, counts, urls: run.urls }, null, 2)}\n`);
    else {
      process.stdout.write(`exit ${run.code}; ${run.urls.filter((url) => !url.startsWith('node:')).length} files loaded\n`);
      for (const [name, count] of Object.entries(counts)) process.stdout.write(`${String(count).padStart(5)}  ${name}\n`);
      if (run.code !== 0) process.stdout.write(`stderr: ${run.stderr.slice(-500)}\n`);
    }
    return 0;
  } finally {
    await server?.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exitCode = await cli(process.argv.slice(2));
