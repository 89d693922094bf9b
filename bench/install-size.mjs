#!/usr/bin/env node
/**
 * What installing codev brings, against the Vercel AI SDK: `npm pack` of the checkout (CODEV_COLD_START_ROOT or
 * this one), then `npm install <tarball> zod` and `npm install ai zod` into two fresh temp projects from the npm
 * cache (`--prefer-offline`), and for each: the packages installed, the MB on disk, the packages with install
 * scripts. Prints ratios and issue 31's install targets (under 60 MB, under 60 packages, no install scripts).
 *
 *   node bench/install-size.mjs [--keep]      --keep leaves the two temp projects on disk (their paths are printed)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CLI_ROOT, installProject, packCodev, REPO, zodSpec } from './agent/install-packed-codev.mjs';

/** Issue 31's install targets for `npm i codev zod`. */
const TARGETS = { megabytes: 60, packages: 60 };
/** The scripts npm runs when it installs a package from the registry; `prepare` too for one installed from a tarball or git (npm 11 warns about it). */
const INSTALL_SCRIPTS = ['preinstall', 'install', 'postinstall'];

const keep = process.argv.includes('--keep');
const scratch = mkdtempSync(path.join(os.tmpdir(), 'codev-install-size-'));
try {
  const packed = packCodev({ root: CLI_ROOT, destination: scratch });
  const aiVersion = JSON.parse(readFileSync(path.join(REPO, 'bench/package.json'), 'utf8')).devDependencies.ai;
  const zod = zodSpec(CLI_ROOT);
  const sides = [
    { name: `codev (packed ${path.relative(process.cwd(), CLI_ROOT) || '.'}) + ${zod}`, packages: [packed.tarball, zod], directory: path.join(scratch, 'codev') },
    { name: `ai@${aiVersion} + ${zod}`, packages: [`ai@${aiVersion}`, zod], directory: path.join(scratch, 'ai') },
  ];
  const measured = sides.map((side) => {
    process.stderr.write(`  npm install ${side.packages.map((name) => path.basename(name)).join(' ')} ...\n`);
    const { npmWarnings } = installProject({ directory: side.directory, packages: side.packages });
    const dependencies = JSON.parse(readFileSync(path.join(side.directory, 'package.json'), 'utf8')).dependencies ?? {};
    const fromFiles = new Set(Object.keys(dependencies).filter((name) => /^(file|git)[:+]/.test(dependencies[name])));
    return { ...side, ...measureInstall(path.join(side.directory, 'node_modules'), fromFiles), npmWarnings };
  });
  printReport({ packed, measured });
} finally {
  if (keep) process.stderr.write(`  kept ${scratch}\n`);
  else rmSync(scratch, { recursive: true, force: true });
}

/**
 * Every package folder under `node_modules` (scoped and nested ones too), its size, and the install scripts npm
 * would run for it (`prepare` only for the packages in `fromFiles`, installed from a tarball or git).
 */
function measureInstall(nodeModules, fromFiles) {
  const packages = listPackages(nodeModules).map((folder) => {
    const manifest = JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8'));
    const topLevel = path.dirname(folder) === nodeModules || path.dirname(path.dirname(folder)) === nodeModules;
    const names = topLevel && fromFiles.has(manifest.name) ? [...INSTALL_SCRIPTS, 'prepare'] : INSTALL_SCRIPTS;
    const scripts = names.filter((name) => manifest.scripts?.[name]).map((name) => `${name}: ${manifest.scripts[name]}`);
    // npm runs `node-gyp rebuild` for a package with a binding.gyp and no install script of its own.
    if (existsSync(path.join(folder, 'binding.gyp')) && !manifest.scripts?.install && !manifest.scripts?.preinstall) scripts.push('install: node-gyp rebuild (implicit: binding.gyp)');
    return { name: `${manifest.name}@${manifest.version}`, folder, scripts };
  });
  const sizes = new Map(packages.map((entry) => [entry.folder, kilobytes(entry.folder, { excludeNested: true })]));
  return {
    packageCount: packages.length,
    megabytes: kilobytes(nodeModules) / 1024,
    withScripts: packages.filter((entry) => entry.scripts.length > 0),
    largest: packages.map((entry) => ({ name: entry.name, megabytes: sizes.get(entry.folder) / 1024 })).sort((a, b) => b.megabytes - a.megabytes).slice(0, 10),
  };
}

function listPackages(nodeModules) {
  if (!existsSync(nodeModules)) return [];
  const folders = [];
  for (const entry of readdirSync(nodeModules, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    const children = entry.name.startsWith('@') ? readdirSync(path.join(nodeModules, entry.name), { withFileTypes: true }).filter((child) => child.isDirectory()).map((child) => path.join(nodeModules, entry.name, child.name)) : [path.join(nodeModules, entry.name)];
    for (const folder of children) {
      if (!existsSync(path.join(folder, 'package.json'))) continue;
      folders.push(folder, ...listPackages(path.join(folder, 'node_modules')));
    }
  }
  return folders;
}

/** `du -sk`: disk usage in KB (blocks actually used, as `du` reports it), a package's nested node_modules left out when asked. */
function kilobytes(folder, { excludeNested = false } = {}) {
  const du = spawnSync('du', ['-sk', ...(excludeNested ? ['--exclude=node_modules'] : []), folder], { encoding: 'utf8' });
  return Number(du.stdout.split('\t')[0]);
}

function printReport({ packed, measured }) {
  const [codev, ai] = measured;
  const mb = (value) => value.toFixed(1);
  const ratio = (a, b) => `${(a / b).toFixed(2)}×`;
  const lines = [
    '## install-size: `npm i codev zod` against `npm i ai zod`',
    '',
    `Node ${process.version}, npm ${spawnSync('npm', ['--version'], { encoding: 'utf8' }).stdout.trim()}, ${new Date().toISOString().slice(0, 10)}. Tarball: ${path.basename(packed.tarball)}, ${packed.files.toLocaleString('en-US')} files, ${mb(packed.packedBytes / 1e6)} MB packed, ${mb(packed.unpackedBytes / 1e6)} MB unpacked.`,
    ...packed.notes.map((note) => `Note: ${note}`),
    '',
    '| install | packages | MB on disk (du) | packages with install scripts |',
    '|:--|--:|--:|--:|',
    ...measured.map((side) => `| ${side.name} | ${side.packageCount} | ${mb(side.megabytes)} | ${side.withScripts.length} |`),
    `| codev / ai | ${ratio(codev.packageCount, ai.packageCount)} | ${ratio(codev.megabytes, ai.megabytes)} | |`,
    '',
  ];
  for (const side of measured) {
    lines.push(`${side.name}: largest packages: ${side.largest.map((entry) => `${entry.name} ${mb(entry.megabytes)} MB`).join(', ')}.`);
    for (const entry of side.withScripts) lines.push(`- install script: ${entry.name}: ${entry.scripts.join('; ')}`);
    for (const warning of side.npmWarnings) lines.push(`- npm: ${warning.replace(/^npm warn\s*/, '')}`);
    lines.push('');
  }
  const verdict = (met) => (met ? 'met' : '**NOT met**');
  lines.push(
    'Targets (issue 31):',
    `- under ${TARGETS.megabytes} MB: ${mb(codev.megabytes)} MB: ${verdict(codev.megabytes < TARGETS.megabytes)}`,
    `- under ${TARGETS.packages} packages: ${codev.packageCount}: ${verdict(codev.packageCount < TARGETS.packages)}`,
    `- no install scripts: ${codev.withScripts.length === 0 ? 'none' : codev.withScripts.map((entry) => entry.name).join(', ')}: ${verdict(codev.withScripts.length === 0)}`,
  );
  console.log(lines.join('\n'));
}
