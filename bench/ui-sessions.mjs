#!/usr/bin/env node
/**
 * What `codev ui`'s sessions API costs at scale (the issue's targets: the list of 10,000 sessions and the
 * page of a 2,000-message session each under 1 s):
 *
 *   node bench/ui-sessions.mjs [sessions=10000] [messages=2000] [rounds=5]
 *
 * Writes `sessions` transcripts with the file store's own writer (`store.open` + `append` + `close`: a
 * prompt, a tool call, its result, a request record and an answer each) and one session of `messages`
 * messages (Edit calls with diffs, results, thinking, records), then times, median of `rounds`:
 * - list, cold: `store.list()` with no summary cache (the first listing, which writes it);
 * - list, warm: `store.list()` with the cache valid;
 * - API list: `GET /api/sessions` (the route's handler: the listing, the locks, the rows, a page of 100),
 *   then with a search `q` and a status filter, each serialized to JSON as the server sends it;
 * - API view: `GET /api/sessions/:id` of the large session (read, timeline built, subagents found), to JSON.
 * The folder lives in the OS temp folder and is removed.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createJiti } from 'jiti';

const jiti = createJiti(import.meta.url);
const { createFileSessionStore } = await jiti.import('../src/transcripts/create-file-session-store.ts');
const { sessionRoutes } = await jiti.import('../src/ui/server/sessions/session-routes.ts');

const SESSIONS = Number(process.argv[2] ?? 10_000);
const MESSAGES = Number(process.argv[3] ?? 2_000);
const ROUNDS = Number(process.argv[4] ?? 5);
const WRITERS = 16;

const root = mkdtempSync(path.join(os.tmpdir(), 'codev-bench-ui-sessions-'));
const directory = path.join(root, '.codev', 'sessions');
mkdirSync(directory, { recursive: true });
writeFileSync(path.join(root, 'package.json'), '{}\n');
const store = createFileSessionStore({ directory });
const idOf = (index) => `${index.toString(16).padStart(8, '0')}-0000-4000-8000-${index.toString(16).padStart(12, '0')}`;
const usage = { inputTokens: 1200, outputTokens: 80, cacheCreationInputTokens: 0, cacheReadInputTokens: 900 };

function smallSession(index) {
  const id = idOf(index);
  const at = new Date(Date.now() - (SESSIONS - index) * 60_000).toISOString();
  const message = (n, role, content, withUsage) => ({ type: 'message', uuid: `${id}-${n}`, ...(n > 1 && { parentUuid: `${id}-${n - 1}` }), timestamp: at, message: { role, content }, ...(withUsage && { usage }) });
  return {
    metadata: { id, cwd: root, projectRoot: root, model: index % 3 === 0 ? 'claude-opus-bench' : 'claude-bench', codevVersion: '0.0.0-bench', createdAt: at },
    entries: [
      message(1, 'user', `Look at src/module-${index}.ts and tell me what it exports.`),
      message(2, 'assistant', [{ type: 'tool_use', id: `toolu_${index}`, name: 'Read', input: { file_path: `${root}/src/module-${index}.ts` } }], true),
      { type: 'record', timestamp: at, record: { kind: 'tool-call', toolUseId: `toolu_${index}`, toolName: 'Read', decision: { behavior: 'allow', source: 'config', rule: 'Read', reason: 'rule' }, isError: false, durationMs: 3 } },
      message(3, 'user', [{ type: 'tool_result', tool_use_id: `toolu_${index}`, content: 'export function x() {}\n'.repeat(60) }]),
      { type: 'record', timestamp: at, record: { kind: 'request', turn: 1, model: 'claude-bench', usage, costUsd: 0.01, durationMs: 900 } },
      message(4, 'assistant', [{ type: 'text', text: 'It exports x, a function of no arguments.' }], true),
    ],
  };
}

/** A session of `MESSAGES` messages: turns of thinking + an Edit call, its result, and records. */
function largeSession() {
  const id = 'large-session';
  const createdAt = new Date().toISOString();
  const entries = [{ type: 'message', uuid: 'p0', timestamp: createdAt, message: { role: 'user', content: 'Refactor every module.' } }];
  for (let turn = 1; entries.length < MESSAGES; turn++) {
    const at = new Date(Date.parse(createdAt) + turn * 1000).toISOString();
    const old = Array.from({ length: 12 }, (_, line) => `  const value${line} = compute(${line}, ${turn});`).join('\n');
    entries.push({ type: 'message', uuid: `a${turn}`, timestamp: at, usage, message: { role: 'assistant', content: [{ type: 'thinking', thinking: `Turn ${turn}: the next module.`, signature: 'sig' }, { type: 'text', text: `Editing module ${turn}.` }, { type: 'tool_use', id: `toolu_${turn}`, name: 'Edit', input: { file_path: `${root}/src/module-${turn}.ts`, old_string: old, new_string: old.replace(/compute/g, 'evaluate') } }] } });
    entries.push({ type: 'record', timestamp: at, record: { kind: 'tool-call', toolUseId: `toolu_${turn}`, toolName: 'Edit', decision: { behavior: 'allow', source: 'config', rule: 'Edit', reason: 'rule' }, isError: false, durationMs: 4 } });
    entries.push({ type: 'record', timestamp: at, record: { kind: 'request', turn, model: 'claude-bench', usage, costUsd: 0.02, durationMs: 1500 } });
    entries.push({ type: 'message', uuid: `r${turn}`, timestamp: at, message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: `toolu_${turn}`, content: `The file ${root}/src/module-${turn}.ts has been updated.\n${'  line of a snippet\n'.repeat(40)}` }] } });
  }
  return { metadata: { id, cwd: root, projectRoot: root, model: 'claude-bench', codevVersion: '0.0.0-bench', createdAt }, entries };
}

async function write({ metadata, entries }) {
  const writer = await store.open({ id: metadata.id, metadata });
  await writer.append(entries);
  await writer.close();
}

const routes = sessionRoutes();
const route = (pattern) => routes.find((candidate) => candidate.pattern === pattern);
const context = { projectRoot: root, sessionsDirectory: directory, sessions: store, signal: new AbortController().signal };
const request = (query, params = {}) => ({ params, query: new URLSearchParams(query), signal: context.signal });
const answer = async (reply) => JSON.stringify(reply.json).length;

const cases = {
  'list, cold': async () => {
    rmSync(path.join(directory, '.summaries.json'), { force: true });
    if ((await store.list()).length !== SESSIONS + 1) throw new Error('cold: wrong count');
  },
  'list, warm': async () => {
    if ((await store.list()).length !== SESSIONS + 1) throw new Error('warm: wrong count');
  },
  'API list, first page': async () => answer(await route('/api/sessions').handle(request(''), context)),
  'API list, search q': async () => answer(await route('/api/sessions').handle(request('q=module-99'), context)),
  'API list, status+model': async () => answer(await route('/api/sessions').handle(request('status=idle&model=claude-opus-bench&offset=100&limit=500'), context)),
  [`API view, ${MESSAGES} msgs`]: async () => answer(await route('/api/sessions/:id').handle(request('', { id: 'large-session' }), context)),
};

const times = Object.fromEntries(Object.keys(cases).map((name) => [name, []]));
const cpuTimes = Object.fromEntries(Object.keys(cases).map((name) => [name, []]));
const sizes = {};
try {
  const writing = performance.now();
  let next = 0;
  await Promise.all(Array.from({ length: WRITERS }, async () => {
    while (next < SESSIONS) await write(smallSession(next++));
  }));
  await write(largeSession());
  console.log(`${SESSIONS.toLocaleString('en-US')} sessions + one of ${MESSAGES.toLocaleString('en-US')} messages written with the file store in ${((performance.now() - writing) / 1000).toFixed(1)} s; ${ROUNDS} rounds, Node ${process.version}, ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.cpus().length} cores\n`);
  for (const [name, run] of Object.entries(cases)) sizes[name] = await run(); // warm-up (and the first cache)
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, run] of Object.entries(cases)) {
      const started = performance.now();
      const cpu = process.cpuUsage();
      await run();
      times[name].push(performance.now() - started);
      const used = process.cpuUsage(cpu);
      cpuTimes[name].push((used.user + used.system) / 1000);
    }
  }
} finally {
  rmSync(root, { recursive: true, force: true });
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
console.log(`load average ${os.loadavg().map((load) => load.toFixed(1)).join(' ')} (wall-clock figures grow with it; the CPU time of this process less so)\n`);
console.log('case                        ms (median)   rounds min-max   CPU ms (median)   JSON bytes');
for (const [name, values] of Object.entries(times)) {
  console.log([name.padEnd(26), median(values).toFixed(1).padStart(11), `${Math.min(...values).toFixed(0)}-${Math.max(...values).toFixed(0)}`.padStart(16), median(cpuTimes[name]).toFixed(1).padStart(15), String(sizes[name] ?? '').padStart(12)].join('   '));
}
