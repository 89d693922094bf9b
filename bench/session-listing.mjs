#!/usr/bin/env node
/**
 * What listing sessions and finding the one `--continue` resumes cost in a project with many sessions:
 *
 *   node bench/session-listing.mjs [sessions=10000] [rounds=5]
 *
 * One sessions folder of `sessions` transcripts (a prompt, a tool call, its result and an answer each, about
 * 3 KB; one in ten a subagent's), written once. Then, rounds alternating between the cases:
 * - before: `list()` and `continue` as they were before the summary cache (617bcc1 and earlier), copied
 *   below: stat every transcript, read and parse each whole, summarize, sort; `continue` took the first
 *   top-level session of that list, so it cost the same.
 * - after, list cold: today's `store.list()` with no cache (the first listing, which writes it).
 * - after, list warm: the cache is valid (nothing changed since the last listing).
 * - after, list, one changed: one transcript gets a message before each listing (it alone is read again).
 * - after, codev sessions: the command in this process, warm, its output thrown away.
 * - after, continue: `findLatestSession`, the lookup `createAgent({ continue: true })` makes (first lines of
 *   the newest transcripts only).
 * - after, id prefix: `resolveSessionId` of an 8-character prefix (`codev run --resume 3f2a9c1e`).
 *
 * The median round is reported, with its ratio to "before". The folder lives in the OS temp folder.
 */
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createJiti } from 'jiti';

const jiti = createJiti(import.meta.url);
const { createFileSessionStore } = await jiti.import('../src/transcripts/create-file-session-store.ts');
const { parseTranscript } = await jiti.import('../src/transcripts/parse-transcript.ts');
const { summarizeTranscript } = await jiti.import('../src/transcripts/summarize-transcript.ts');
const { findLatestSession } = await jiti.import('../src/transcripts/find-latest-session.ts');
const { resolveSessionId } = await jiti.import('../src/transcripts/resolve-session-id.ts');
const { sessionsCommand } = await jiti.import('../src/cli/commands/sessions-command.ts');

const SESSIONS = Number(process.argv[2] ?? 10_000);
const ROUNDS = Number(process.argv[3] ?? 5);

const root = mkdtempSync(path.join(os.tmpdir(), 'codev-bench-listing-'));
const directory = path.join(root, '.codev', 'sessions');
mkdirSync(directory, { recursive: true });
writeFileSync(path.join(root, 'package.json'), '{}\n');

/** A session's id: a UUID-shaped string, numbered so the last ones are the newest. */
const idOf = (index) => `${index.toString(16).padStart(8, '0')}-0000-4000-8000-${index.toString(16).padStart(12, '0')}`;

function writeSessions() {
  const now = Date.now();
  let top = 0;
  for (let index = 0; index < SESSIONS; index++) {
    const id = idOf(index);
    const subagent = index % 10 === 9;
    const at = new Date(now - (SESSIONS - index) * 60_000);
    const metadata = { id, cwd: root, projectRoot: root, model: 'claude-bench', codevVersion: '0.0.0-bench', createdAt: at.toISOString(), ...(subagent && { parentSessionId: idOf(top), agentId: `agent-${index}` }) };
    if (!subagent) top = index;
    const message = (n, role, content, usage) => ({ type: 'message', uuid: `${id}-${n}`, ...(n > 1 && { parentUuid: `${id}-${n - 1}` }), timestamp: at.toISOString(), message: { role, content }, ...(usage && { usage }) });
    const usage = { inputTokens: 1200, outputTokens: 80, cacheCreationInputTokens: 0, cacheReadInputTokens: 900 };
    const lines = [
      { type: 'session', format: 1, metadata },
      message(1, 'user', `Look at src/module-${index}.ts and tell me what it exports. `.repeat(3)),
      message(2, 'assistant', [{ type: 'tool_use', id: `toolu_${index}`, name: 'Read', input: { file_path: `${root}/src/module-${index}.ts` } }], usage),
      message(3, 'user', [{ type: 'tool_result', tool_use_id: `toolu_${index}`, content: 'export function x() {}\n'.repeat(60) }]),
      message(4, 'assistant', [{ type: 'text', text: 'It exports x, a function of no arguments. '.repeat(8) }], usage),
      { type: 'state', timestamp: at.toISOString(), sessionRules: { allow: [], deny: [], ask: [] }, loadedDeferredTools: [] },
    ];
    const file = path.join(directory, `${id}.jsonl`);
    writeFileSync(file, lines.map((line) => `${JSON.stringify(line)}\n`).join(''));
    utimesSync(file, at, at);
  }
}

/** `list()` as it was before the summary cache (617bcc1 and earlier). */
async function listBefore() {
  const names = (await readdir(directory)).filter((name) => name.endsWith('.jsonl'));
  const files = await Promise.all(names.map(async (name) => ({ id: name.slice(0, -6), file: path.join(directory, name), modifiedAt: (await stat(path.join(directory, name))).mtime })));
  files.sort((left, right) => right.modifiedAt.getTime() - left.modifiedAt.getTime());
  const summaries = [];
  for (const entry of files) {
    try {
      summaries.push(summarizeTranscript(parseTranscript(await readFile(entry.file, 'utf8'), { file: entry.file }), entry.modifiedAt.toISOString()));
    } catch {
      // skipped, as before
    }
  }
  return summaries.sort((left, right) => right.updatedAt.localeCompare(left.updatedAt));
}

const store = createFileSessionStore({ directory });
const cache = path.join(directory, '.summaries.json');
const changing = path.join(directory, `${idOf(0)}.jsonl`);
let changes = 0;
const io = { cwd: root, env: {}, stdout: () => {}, stderr: () => {}, readStdin: async () => '' };

const cases = {
  'before: list = continue': async () => {
    if ((await listBefore()).length !== SESSIONS) throw new Error('before: wrong count');
  },
  'after: list, cold': async () => {
    rmSync(cache, { force: true });
    if ((await store.list()).length !== SESSIONS) throw new Error('cold: wrong count');
  },
  'after: list, warm': async () => {
    if ((await store.list()).length !== SESSIONS) throw new Error('warm: wrong count');
  },
  'after: list, one changed': async () => {
    appendFileSync(changing, `${JSON.stringify({ type: 'message', uuid: `late-${++changes}`, timestamp: new Date().toISOString(), message: { role: 'user', content: 'and then?' } })}\n`);
    if ((await store.list()).length !== SESSIONS) throw new Error('changed: wrong count');
  },
  'after: codev sessions': async () => {
    if ((await sessionsCommand([], io)) !== 0) throw new Error('codev sessions failed');
  },
  'after: continue': async () => {
    const latest = await findLatestSession(store);
    if (latest === undefined || latest.length !== 36) throw new Error(`continue found ${latest}`);
  },
  'after: id prefix': async () => {
    const id = idOf(SESSIONS - 3);
    if ((await resolveSessionId({ store, id: id.slice(0, 8) })) !== id) throw new Error('prefix: wrong id');
  },
};

const times = Object.fromEntries(Object.keys(cases).map((name) => [name, []]));
try {
  const writing = performance.now();
  writeSessions();
  const bytes = transcriptBytes();
  console.log(`${SESSIONS.toLocaleString('en-US')} sessions (${(bytes / 1024 / 1024).toFixed(1)} MB) written in ${((performance.now() - writing) / 1000).toFixed(1)} s; ${ROUNDS} rounds, Node ${process.version}, ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.cpus().length} cores, temp folder ${os.tmpdir()}\n`);
  for (const run of Object.values(cases)) await run(); // warm-up (and the first cache)
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, run] of Object.entries(cases)) {
      const started = performance.now();
      await run();
      times[name].push(performance.now() - started);
    }
  }
} finally {
  rmSync(root, { recursive: true, force: true });
}

function transcriptBytes() {
  let total = 0;
  for (let index = 0; index < SESSIONS; index++) total += readFileSync(path.join(directory, `${idOf(index)}.jsonl`)).length;
  return total;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const reference = median(times['before: list = continue']);
console.log('case                        ms (median)   rounds min-max   ratio vs before');
for (const [name, values] of Object.entries(times)) {
  const row = [name.padEnd(26), median(values).toFixed(1).padStart(11), `${Math.min(...values).toFixed(0)}-${Math.max(...values).toFixed(0)}`.padStart(16), `${(median(values) / reference).toFixed(3)}x`.padStart(15)];
  console.log(row.join('   '));
}
