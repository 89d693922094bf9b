#!/usr/bin/env node
/**
 * What `codev ui` costs to show a long session and a big sessions list, in a real chromium:
 *
 *   npm run build && node bench/ui.mjs [rounds=5] [messages=2000] [sessions=10000]
 *
 * Data (written once, in the OS temp folder):
 * - one session of `messages` messages written by the file store (the built dist/): a prompt every 200
 *   messages, then tool calls (Read, Bash, Edit, Grep) with results of 0.5 to 3 KB, usage on every reply;
 * - another project with `sessions` sessions of 4 messages each (as bench/session-listing.mjs writes them).
 *
 * Cases, each the median of `rounds` rounds (after one warm-up round):
 * - session, server: `GET /api/sessions/:id` (the JSON the page reads), from this process;
 * - session, page: navigation start → the timeline rendered (the page's `data-ready="session"` when it sets it,
 *   else the last message's text added to the page, seen by a MutationObserver), and the first contentful paint;
 * - session, peer: a plain page that fetches the raw JSONL, `JSON.parse`s every line and renders every message
 *   as text (no decisions, diffs or costs): the least any viewer of the transcript does;
 * - list, page, cold: a fresh `codev ui` after the summary cache was removed → the table rendered;
 * - list, page, warm: the same server again (its cache written) → the table rendered;
 * - list, peer: `codev sessions --json` (the CLI's listing, a process of its own), warm and cold cache.
 * Targets (issue 35): the session page < 1 s (server + first paint), the list at 10,000 sessions < 1 s.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';

const REPOSITORY = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BIN = path.join(REPOSITORY, 'bin/codev.mjs');
const DIST = path.join(REPOSITORY, 'dist');
const ROUNDS = Number(process.argv[2] ?? 5);
const MESSAGES = Number(process.argv[3] ?? 2000);
const SESSIONS = Number(process.argv[4] ?? 10_000);
const CHROMIUM = process.env.CODEV_CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const TARGET_MS = 1000;
const LAST_TEXT = 'The whole refactor is done: every module now exports its parts by name.';

if (!existsSync(path.join(DIST, 'ui/page/index.html')) || !existsSync(path.join(DIST, 'index.js'))) {
  console.error('bench/ui.mjs: build first (npm run build): dist/index.js or dist/ui/page/index.html is missing');
  process.exit(2);
}
if (!existsSync(CHROMIUM)) {
  console.error(`bench/ui.mjs: chromium is not installed at ${CHROMIUM} (apt-get install chromium)`);
  process.exit(2);
}
const { createFileSessionStore } = await import(pathToFileURL(path.join(DIST, 'index.js')).href);

const temp = mkdtempSync(path.join(os.tmpdir(), 'codev-bench-ui-'));
const cleanups = [() => rmSync(temp, { recursive: true, force: true })];
process.on('exit', () => {
  for (const cleanup of cleanups.reverse()) cleanup();
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));

const median = (values) => [...values].sort((left, right) => left - right)[Math.floor(values.length / 2)];
const ms = (value) => (value === undefined ? '—' : `${value.toFixed(0)} ms`);

/** A project folder (package.json, .codev/sessions). */
function project(name) {
  const root = path.join(temp, name);
  mkdirSync(path.join(root, '.codev', 'sessions'), { recursive: true });
  writeFileSync(path.join(root, 'package.json'), '{ "private": true }\n');
  return root;
}

/** The long session, written by the file store: returns its id. */
async function writeLongSession(root) {
  const store = createFileSessionStore({ directory: path.join(root, '.codev', 'sessions') });
  const id = '00000000-0000-4000-8000-00000000beef';
  const createdAt = new Date(Date.now() - 3_600_000).toISOString();
  const writer = await store.open({ id, metadata: { id, cwd: root, projectRoot: root, model: 'claude-sonnet-4-6', permissionMode: 'default', codevVersion: '0.0.0-bench', createdAt } });
  const usage = { inputTokens: 18_000, outputTokens: 240, cacheCreationInputTokens: 1200, cacheReadInputTokens: 16_000 };
  const entries = [];
  let parent;
  const push = (role, content, withUsage) => {
    const uuid = `m-${entries.length}`;
    entries.push({ type: 'message', uuid, ...(parent && { parentUuid: parent }), timestamp: new Date(Date.parse(createdAt) + entries.length * 1000).toISOString(), message: { role, content }, ...(withUsage && { usage }) });
    parent = uuid;
  };
  const source = (index) => Array.from({ length: 20 + (index % 60) }, (_, line) => `${line + 1}\texport function part${index}_${line}(input: string): string { return input.trim(); }`).join('\n');
  const call = (index) => {
    switch (index % 4) {
      case 0:
        return { name: 'Read', input: { file_path: `${root}/src/module-${index}.ts` }, result: source(index) };
      case 1:
        return { name: 'Bash', input: { command: `npx vitest run src/module-${index}.test.ts`, description: 'Run the module tests' }, result: ` ✓ src/module-${index}.test.ts (12 tests) 48ms\n\n Test Files  1 passed (1)\n      Tests  12 passed (12)\n`.repeat(4) };
      case 2:
        return { name: 'Edit', input: { file_path: `${root}/src/module-${index}.ts`, old_string: `export default function part${index}() {\n  return 1;\n}`, new_string: `export function part${index}() {\n  return 1;\n}` }, result: `The file ${root}/src/module-${index}.ts has been updated.` };
      default:
        return { name: 'Grep', input: { pattern: `part${index}`, path: `${root}/src`, output_mode: 'content' }, result: Array.from({ length: 12 }, (_, line) => `src/module-${index + line}.ts:${line + 3}:import { part${index} } from './module-${index}.ts';`).join('\n') };
    }
  };
  for (let index = 0; entries.length < MESSAGES - 1; index++) {
    if (index % 100 === 0) {
      push('user', `Step ${index / 100 + 1}: refactor the next modules to named exports and keep the tests green.`);
      if (entries.length >= MESSAGES - 1) break;
    }
    const { name, input, result } = call(index);
    const toolUseId = `toolu_bench_${index}`;
    push('assistant', [{ type: 'text', text: `Now module ${index}.` }, { type: 'tool_use', id: toolUseId, name, input }], true);
    if (entries.length >= MESSAGES - 1) break;
    push('user', [{ type: 'tool_result', tool_use_id: toolUseId, content: result }]);
  }
  push('assistant', [{ type: 'text', text: LAST_TEXT }], true);
  await writer.append(entries);
  await writer.close();
  return { id, messages: entries.length, bytes: readFileSync(path.join(root, '.codev', 'sessions', `${id}.jsonl`)).length };
}

/** `sessions` small sessions (as bench/session-listing.mjs writes them). */
function writeManySessions(root) {
  const directory = path.join(root, '.codev', 'sessions');
  const now = Date.now();
  for (let index = 0; index < SESSIONS; index++) {
    const id = `${index.toString(16).padStart(8, '0')}-0000-4000-8000-${index.toString(16).padStart(12, '0')}`;
    const at = new Date(now - (SESSIONS - index) * 60_000);
    const message = (n, role, content, usage) => ({ type: 'message', uuid: `${id}-${n}`, ...(n > 1 && { parentUuid: `${id}-${n - 1}` }), timestamp: at.toISOString(), message: { role, content }, ...(usage && { usage }) });
    const usage = { inputTokens: 1200, outputTokens: 80, cacheCreationInputTokens: 0, cacheReadInputTokens: 900 };
    const lines = [
      { type: 'session', format: 1, metadata: { id, cwd: root, projectRoot: root, model: index % 3 ? 'claude-sonnet-4-6' : 'claude-haiku-4-5', codevVersion: '0.0.0-bench', createdAt: at.toISOString() } },
      message(1, 'user', `Look at src/module-${index}.ts and tell me what it exports.`),
      message(2, 'assistant', [{ type: 'tool_use', id: `toolu_${index}`, name: 'Read', input: { file_path: `${root}/src/module-${index}.ts` } }], usage),
      message(3, 'user', [{ type: 'tool_result', tool_use_id: `toolu_${index}`, content: 'export function x() {}\n'.repeat(60) }]),
      message(4, 'assistant', [{ type: 'text', text: 'It exports x, a function of no arguments.' }], usage),
    ];
    const file = path.join(directory, `${id}.jsonl`);
    writeFileSync(file, lines.map((line) => `${JSON.stringify(line)}\n`).join(''));
    utimesSync(file, at, at);
  }
}

/** The built `codev ui` on a free port; resolves with its URLs once it printed them. */
async function startUi(root) {
  const child = spawn(process.execPath, [BIN, 'ui', '--cwd', root, '--port', '0'], { cwd: root, env: { PATH: process.env.PATH, HOME: temp, BROWSER: 'none' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const stop = () => child.exitCode === null && child.signalCode === null && child.kill('SIGKILL');
  cleanups.push(stop);
  const deadline = Date.now() + 60_000;
  let match;
  while (!(match = output.match(/https?:\/\/[^\s/]+\/\S*token=([A-Za-z0-9._~-]+)/))) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`codev ui did not print its URL:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const login = match[0];
  return {
    login,
    origin: new URL(login).origin,
    token: match[1],
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', resolve)));
    },
  };
}

/**
 * Installed in every page before its scripts run: a MutationObserver that notes (performance.now(), from the
 * navigation's start) when the page first set `data-ready`, first added the session's last text, first had
 * `rows` rows in its table. Cheap enough not to slow what it measures (no scan of the page per frame).
 */
function installMarks({ lastText, rows }) {
  const marks = (window.__benchMarks = {});
  const check = (mutations) => {
    const now = performance.now();
    const ready = document.body?.dataset.ready;
    if (ready && marks[`ready:${ready}`] === undefined) marks[`ready:${ready}`] = now;
    if (marks.session === undefined) {
      for (const mutation of mutations) for (const node of mutation.addedNodes) if (marks.session === undefined && node.textContent?.includes(lastText)) marks.session = now;
    }
    if (marks.list === undefined && document.querySelectorAll('main table tbody tr').length >= rows) marks.list = now;
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-ready'] });
}

/**
 * Navigates to `url` and waits for `mark` (`session`, `list`; the page's own `data-ready` marker wins when it
 * sets one); returns when it was reached and the first contentful paint, both from the navigation's start.
 */
async function timeNavigation(page, url, mark) {
  await page.goto('about:blank');
  await page.goto(url, { waitUntil: 'commit' });
  const ready = mark === 'list' ? 'ready:sessions' : 'ready:session';
  await page.waitForFunction(([own, fallback]) => window.__benchMarks?.[own] !== undefined || window.__benchMarks?.[fallback] !== undefined, [ready, mark], { timeout: 60_000, polling: 100 });
  return page.evaluate(([own, fallback]) => ({ rendered: window.__benchMarks[own] ?? window.__benchMarks[fallback], by: window.__benchMarks[own] === undefined ? fallback : own, paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime }), [ready, mark]);
}

/** The peer viewer: a page that fetches the raw JSONL and renders every message's text. */
function startPeerServer(file) {
  const page = `<!doctype html><meta charset="utf-8"><title>peer</title><main></main><script>
fetch('/raw').then((response) => response.text()).then((text) => {
  const main = document.querySelector('main');
  const fragment = document.createDocumentFragment();
  for (const line of text.split('\\n')) {
    if (!line) continue;
    const entry = JSON.parse(line);
    if (entry.type !== 'message') continue;
    const content = typeof entry.message.content === 'string' ? [{ type: 'text', text: entry.message.content }] : entry.message.content;
    for (const block of content) {
      const element = document.createElement(block.type === 'text' ? 'p' : 'pre');
      element.textContent = block.type === 'text' ? block.text : block.type === 'tool_use' ? block.name + ' ' + JSON.stringify(block.input) : typeof block.content === 'string' ? block.content : JSON.stringify(block.content);
      fragment.append(element);
    }
  }
  main.append(fragment);
  document.body.dataset.ready = 'session';
});
</script>`;
  const server = createServer((request, response) => {
    if (request.url === '/raw') return void response.writeHead(200, { 'content-type': 'application/x-ndjson' }).end(readFileSync(file));
    response.writeHead(200, { 'content-type': 'text/html' }).end(page);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${server.address().port}/`, close: () => new Promise((done) => server.close(done)) })));
}

/** Runs `measure` once to warm up, then `ROUNDS` times; returns every round's figures. */
async function rounds(measure) {
  await measure();
  const results = [];
  for (let round = 0; round < ROUNDS; round++) results.push(await measure());
  return results;
}

const longRoot = project('long-session');
const listRoot = project('many-sessions');
process.stdout.write(`bench/ui: writing a ${MESSAGES}-message session and ${SESSIONS} sessions… `);
const long = await writeLongSession(longRoot);
writeManySessions(listRoot);
process.stdout.write(`done (${(long.bytes / 1e6).toFixed(1)} MB transcript)\n`);

const profile = mkdtempSync(path.join(os.tmpdir(), 'codev-bench-chromium-'));
cleanups.push(() => rmSync(profile, { recursive: true, force: true }));
const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: FLAGS, viewport: { width: 1280, height: 800 } });
const page = await context.newPage();
await page.addInitScript(installMarks, { lastText: LAST_TEXT, rows: Math.min(SESSIONS, 50) });
const rows = [];
try {
  // The long session.
  const ui = await startUi(longRoot);
  await page.goto(ui.login);
  const sessionUrl = `${ui.origin}/sessions/${long.id}`;
  const server = await rounds(async () => {
    const started = performance.now();
    const response = await fetch(`${ui.origin}/api/sessions/${long.id}`, { headers: { authorization: `Bearer ${ui.token}` } });
    const body = await response.text();
    if (!response.ok) throw new Error(`GET /api/sessions/${long.id}: ${response.status} ${body.slice(0, 300)}`);
    return { server: performance.now() - started, bytes: body.length };
  });
  const shown = await rounds(() => timeNavigation(page, sessionUrl, 'session'));
  const marker = shown.at(-1).by;
  await ui.stop();
  const peer = await startPeerServer(path.join(longRoot, '.codev', 'sessions', `${long.id}.jsonl`));
  const peerShown = await rounds(() => timeNavigation(page, peer.url, 'session'));
  await peer.close();
  const sessionMs = median(shown.map((round) => round.rendered));
  const peerMs = median(peerShown.map((round) => round.rendered));
  rows.push(['session: server (GET /api/sessions/:id, ' + `${(median(server.map((round) => round.bytes)) / 1e6).toFixed(1)} MB JSON)`, median(server.map((round) => round.server))]);
  rows.push(['session: page, first contentful paint', median(shown.map((round) => round.paint).filter((value) => value !== undefined))]);
  rows.push([`session: page, navigation → timeline rendered (${marker === 'session' ? 'last message in the page' : 'its data-ready'})`, sessionMs, TARGET_MS]);
  rows.push(['session: peer, raw JSONL parsed and rendered as text', peerMs]);
  rows.push(['session: ratio codev ui / peer', sessionMs / peerMs, undefined, 'ratio']);

  // The list of many sessions: cold (no summary cache, a fresh server), then warm.
  const cache = path.join(listRoot, '.codev', 'sessions', '.summaries.json');
  const cold = [];
  for (let round = 0; round <= ROUNDS; round++) {
    rmSync(cache, { force: true });
    const fresh = await startUi(listRoot);
    await page.goto(fresh.login);
    const times = await timeNavigation(page, `${fresh.origin}/`, 'list');
    if (round > 0) cold.push(times);
    await fresh.stop();
  }
  const warmUi = await startUi(listRoot);
  await page.goto(warmUi.login);
  const warm = await rounds(() => timeNavigation(page, `${warmUi.origin}/`, 'list'));
  await warmUi.stop();
  const cliRun = (cold) => async () => {
    if (cold) rmSync(cache, { force: true });
    const started = performance.now();
    const run = spawnSync(process.execPath, [BIN, 'sessions', '--json'], { cwd: listRoot, env: { PATH: process.env.PATH, HOME: temp }, maxBuffer: 1 << 30 });
    if (run.status !== 0) throw new Error(`codev sessions --json exited ${run.status}: ${run.stderr}`);
    return performance.now() - started;
  };
  const cli = await rounds(cliRun(false));
  const cliCold = await rounds(cliRun(true));
  const coldMs = median(cold.map((round) => round.rendered));
  const warmMs = median(warm.map((round) => round.rendered));
  const cliMs = median(cli);
  rows.push([`list (${SESSIONS} sessions): page, cold cache, navigation → table rendered`, coldMs, TARGET_MS]);
  rows.push([`list (${SESSIONS} sessions): page, warm cache, navigation → table rendered`, warmMs, TARGET_MS]);
  rows.push([`list (${SESSIONS} sessions): peer, codev sessions --json (a process, warm cache)`, cliMs]);
  rows.push([`list (${SESSIONS} sessions): peer, codev sessions --json (a process, cold cache)`, median(cliCold)]);
  rows.push(['list: ratio codev ui cold / codev sessions --json cold', coldMs / median(cliCold), undefined, 'ratio']);
  rows.push(['list: ratio codev ui warm / codev sessions --json', warmMs / cliMs, undefined, 'ratio']);
} finally {
  await context.close();
}

console.log(`\ncodev ui, ${ROUNDS} rounds each, medians (node ${process.version}, ${os.cpus().length} CPUs, chromium ${CHROMIUM})\n`);
const width = Math.max(...rows.map(([label]) => label.length));
for (const [label, value, target, kind] of rows) {
  const figure = kind === 'ratio' ? `${value.toFixed(2)}×` : ms(value);
  const verdict = target === undefined ? '' : value < target ? `  (target < ${target} ms: met)` : `  (target < ${target} ms: MISSED)`;
  console.log(`${label.padEnd(width)}  ${figure.padStart(9)}${verdict}`);
}
