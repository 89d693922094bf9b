#!/usr/bin/env node
/**
 * A file checkpoint through a real agent turn on a 10,000-file git repository, this checkout against another
 * (a revision before a change), in one process:
 *
 *   node bench/checkpoints-agent-turn.mjs <other-checkout> [files=10000] [turns=20] [rounds=3]
 *
 * Each round and side: a fresh agent (a new session, as every `codev run` without --resume is) with
 * `persistSession: true` and checkpoints on, over the scripted client of bench/agent (each turn one Add
 * call, the model answering at once) in that side's own copy of the repository (its own store, recorded once
 * before the first round: the project's very first recording hashes every file and is not timed). Timed: the
 * query's first turn (the new session's first recording) and the median of the later turns (nothing changed:
 * the per-turn cost), from one `turn-start` event to the next; the same with `checkpoints: false` in this
 * checkout as the floor. Sides alternate, their order reversed every round. `<other-checkout>` is a tree with
 * node_modules linked (`git worktree add /tmp/before <rev>`); pass `.` for an A/A run.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { createJiti } from 'jiti';

const here = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const other = path.resolve(process.argv[2] ?? '.');
const FILES = Number(process.argv[3] ?? 10_000);
const TURNS = Number(process.argv[4] ?? 20);
const ROUNDS = Number(process.argv[5] ?? 3);

async function loadSide(tree) {
  const jiti = createJiti(path.join(tree, 'bench', 'x.mjs'), { moduleCache: false });
  const from = (file) => jiti.import(path.join(tree, file));
  return {
    ...(await from('src/index.ts')),
    ...(await from('bench/tool-call/codev-add-context.ts')),
    ...(await from('bench/agent/scripted-anthropic-client.ts')),
  };
}

function repository() {
  const root = mkdtempSync(path.join(os.tmpdir(), 'codev-bench-checkpoint-turn-'));
  for (let index = 0; index < FILES; index++) {
    const folder = path.join(root, 'src', `m${index % 50}`, `d${index % 7}`);
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, `f${index}.ts`), `export const value${index} = ${index};\n`);
  }
  writeFileSync(path.join(root, 'package.json'), '{}\n');
  const git = (...args) => execFileSync('git', ['-c', 'user.name=bench', '-c', 'user.email=bench@example.com', ...args], { cwd: root, stdio: 'ignore' });
  git('init', '--quiet');
  git('add', '-A');
  git('commit', '--quiet', '-m', 'files');
  return root;
}

/** One query of TURNS turns by a fresh agent: [first turn ms, median later turn ms]. */
async function query(side, root, checkpoints) {
  const { context } = side.codevAddContext({ rulesAndHooks: false });
  let calls = 0;
  const clock = { tick: () => calls++ };
  const agent = side.createAgent({
    persistSession: true,
    checkpoints,
    tools: [side.codevAddTool],
    client: side.scriptedAnthropicClient({ calls: TURNS - 1, clock }),
    maxTurns: TURNS,
    maxRetries: 0,
    canUseTool: side.denyPrompt,
    createToolUseContext: (signal) => ({ ...context, cwd: root, projectRoot: root, signal }),
  });
  const starts = [];
  const seen = [];
  for await (const event of agent.query('Add the numbers.')) {
    seen.push(event.type === "end" ? `end:${event.reason}` : event.type === "error" ? `error:${event.error?.message ?? JSON.stringify(event).slice(0,300)}` : event.type);
    if (event.type === "turn-start" || event.type === "end") starts.push(performance.now());
    if (event.type === 'warning') throw new Error(`${event.code}: ${event.message}`);
  }
  await agent.close();
  if (starts.length < 3) throw new Error(seen.join(" "));
  const turns = starts.slice(1).map((at, index) => at - starts[index]);
  const later = turns.slice(1).sort((a, b) => a - b);
  return [turns[0], later[Math.floor(later.length / 2)]];
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const sides = [
  { name: 'other', side: await loadSide(other), root: repository(), checkpoints: true },
  { name: 'this', side: await loadSide(here), root: repository(), checkpoints: true },
  { name: 'this, checkpoints off', side: await loadSide(here), root: repository(), checkpoints: false },
];
const results = new Map(sides.map((entry) => [entry.name, { first: [], later: [] }]));
try {
  for (const entry of sides) await query(entry.side, entry.root, entry.checkpoints);
  for (let round = 0; round < ROUNDS; round++) {
    for (const entry of round % 2 === 0 ? sides : [...sides].reverse()) {
      const [first, later] = await query(entry.side, entry.root, entry.checkpoints);
      results.get(entry.name).first.push(first);
      results.get(entry.name).later.push(later);
    }
  }
} finally {
  for (const entry of sides) rmSync(entry.root, { recursive: true, force: true });
}
console.log(`${FILES} files, ${TURNS} turns per query, ${ROUNDS} rounds; other = ${other}`);
console.log('| side | first turn of a new session, ms | later turns (nothing changed), ms per turn |\n|:--|--:|--:|');
for (const [name, { first, later }] of results) console.log(`| ${name} | ${median(first).toFixed(1)} | ${median(later).toFixed(1)} |`);
const [a, b] = [results.get('other'), results.get('this')];
console.log(`this / other: first turn ${(median(b.first) / median(a.first)).toFixed(2)}×, later turns ${(median(b.later) / median(a.later)).toFixed(2)}×`);
