#!/usr/bin/env node
// `npm run check:layers` (part of `npm test`): src/'s imports against the rules in .dependency-cruiser.cjs.
// Fails on a violation that is not in .dependency-cruiser-known-violations.json, and on a listed one that is
// gone (so the list only shrinks: regenerate it with `npm run check:layers -- --write-baseline`).
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const baselineFile = path.join(root, '.dependency-cruiser-known-violations.json');
const cli = packageBin('dependency-cruiser', 'bin/dependency-cruise.mjs');
const started = performance.now();

const run = spawnSync(process.execPath, [cli, 'src', '--config', '.dependency-cruiser.cjs', '--output-type', 'json'], { cwd: root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
if (run.error || !run.stdout.startsWith('{')) {
  console.error(`check-layers: dependency-cruiser did not run (exit ${run.status ?? run.signal}):\n${run.error?.message ?? ''}${run.stderr}`);
  process.exit(1);
}
const { summary } = JSON.parse(run.stdout);
const violations = summary.violations.map((violation) => ({ rule: violation.rule.name, from: violation.from, to: violation.to, ...(violation.cycle ? { cycle: violation.cycle.map((step) => step.name) } : {}) }));
const key = (violation) => `${violation.rule}: ${violation.from} → ${violation.to}`;

if (process.argv.includes('--write-baseline')) {
  violations.sort((left, right) => key(left).localeCompare(key(right)));
  writeFileSync(baselineFile, `${JSON.stringify(violations, null, 2)}\n`);
  console.log(`check-layers: wrote ${violations.length} known violations to ${path.basename(baselineFile)}`);
  process.exit(0);
}

const known = new Set(JSON.parse(readFileSync(baselineFile, 'utf8')).map(key));
const found = new Set(violations.map(key));
const comments = new Map(summary.ruleSetUsed.forbidden.map((rule) => [rule.name, rule.comment]));
const added = violations.filter((violation) => !known.has(key(violation)));
const fixed = [...known].filter((entry) => !found.has(entry));

for (const violation of added) {
  console.error(`check-layers: ${key(violation)}\n  ${comments.get(violation.rule) ?? ''}${violation.cycle ? `\n  cycle: ${violation.from} → ${violation.cycle.join(' → ')}` : ''}`);
}
if (added.length > 0) console.error(`check-layers: ${added.length} new violation(s) of the layers in .dependency-cruiser.cjs (see docs/architecture.md for where things go)`);
if (fixed.length > 0) {
  console.error(`check-layers: ${fixed.length} known violation(s) are gone; shrink the list with \`npm run check:layers -- --write-baseline\`:\n  ${fixed.join('\n  ')}`);
}
const seconds = ((performance.now() - started) / 1000).toFixed(1);
if (added.length > 0 || fixed.length > 0) process.exit(1);
console.log(`check-layers: ${summary.totalCruised} modules, ${summary.totalDependenciesCruised} imports; no new violation (${known.size} known) (${seconds} s)`);

/** A file of an installed package that its `exports` does not list: found from the folder of its main entry. */
function packageBin(name, file) {
  let folder = path.dirname(fileURLToPath(import.meta.resolve(name)));
  while (path.basename(folder) !== name && path.dirname(folder) !== folder) folder = path.dirname(folder);
  return path.join(folder, file);
}
