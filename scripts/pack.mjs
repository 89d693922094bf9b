#!/usr/bin/env node
// `node scripts/pack.mjs [--pack-destination DIR] [--no-build] [--json]`: the npm package as it is published.
// It builds dist/ (unless --no-build), asks npm which files the repo's package.json ships ("files", read by
// `npm pack --dry-run` with no lifecycle script run), copies them to a staging folder with a package.json that
// has no `scripts` and no `devDependencies` (they point at scripts/, test/ and bench/, which are not shipped, and
// name packages only this repo needs), and runs `npm pack` there. A source map whose sources are neither shipped
// nor inlined is left out, and so is the comment that points at it, so no editor or bundler looks for it.
// Publish the tarball it prints: `npm publish codev-<version>.tgz` (`npm publish` in the repo refuses).
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: options } = parseArgs({ options: { 'pack-destination': { type: 'string', default: root }, 'no-build': { type: 'boolean', default: false }, json: { type: 'boolean', default: false } } });
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(command, args, cwd) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], shell: process.platform === 'win32' });
  if (result.status !== 0) {
    console.error(`pack: ${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})\n${result.stdout}`);
    process.exit(1);
  }
  return result.stdout;
}

if (!options['no-build']) run(process.execPath, [path.join(root, 'scripts/build.mjs')], root);
const [listed] = JSON.parse(run(npm, ['pack', '--dry-run', '--json', '--ignore-scripts'], root));
const shipped = new Set(listed.files.map((file) => file.path).filter((file) => file !== 'package.json'));

/** A map ships when an editor or a stack trace can use it: every source it names is shipped or inlined. */
function mapIsUsable(map) {
  const { sources = [], sourcesContent = [], sourceRoot = '' } = JSON.parse(readFileSync(path.join(root, map), 'utf8'));
  return sources.every((source, index) => typeof sourcesContent[index] === 'string' || shipped.has(path.posix.join(path.posix.dirname(map), sourceRoot, source)));
}
const droppedMaps = new Set([...shipped].filter((file) => file.endsWith('.map') && !mapIsUsable(file)));

/**
 * `codev init` pins a new project's dev tools (vitest, TypeScript …) to the versions codev is tested with, which
 * are devDependencies here: the ones a template's package.json names by a `{{placeholder}}` keep their version.
 */
function templateVersions(devDependencies) {
  const names = new Set();
  for (const manifest of [...shipped].filter((file) => /^templates\/[^/]+\/package\.json$/.test(file))) {
    const template = JSON.parse(readFileSync(path.join(root, manifest), 'utf8'));
    for (const section of [template.dependencies, template.devDependencies]) {
      for (const [name, version] of Object.entries(section ?? {})) if (/^\{\{\w+\}\}$/.test(version) && devDependencies[name] && !devDependencies[name].startsWith('file:')) names.add(name);
    }
  }
  return Object.fromEntries([...names].sort().map((name) => [name, devDependencies[name]]));
}

const stage = mkdtempSync(path.join(os.tmpdir(), 'codev-pack-'));
try {
  for (const file of shipped) {
    if (droppedMaps.has(file)) continue;
    cpSync(path.join(root, file), path.join(stage, file));
    const text = /\.(m?js|d\.ts)$/.test(file) ? readFileSync(path.join(stage, file), 'utf8') : '';
    const pointer = /\n\/\/# sourceMappingURL=(\S+)\s*$/.exec(text);
    const target = pointer && path.posix.join(path.posix.dirname(file), pointer[1]);
    if (target && (!shipped.has(target) || droppedMaps.has(target))) writeFileSync(path.join(stage, file), text.slice(0, pointer.index + 1));
  }
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  manifest.codevTemplateVersions = templateVersions(manifest.devDependencies ?? {});
  delete manifest.scripts;
  delete manifest.devDependencies;
  writeFileSync(path.join(stage, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  const packed = run(npm, ['pack', '--json', '--pack-destination', path.resolve(options['pack-destination'])], stage);
  if (options.json) process.stdout.write(packed);
  else console.log(path.join(path.resolve(options['pack-destination']), JSON.parse(packed)[0].filename));
} finally {
  rmSync(stage, { recursive: true, force: true });
}
