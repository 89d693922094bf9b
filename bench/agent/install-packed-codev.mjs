/**
 * The package as users get it, for the benches that measure codev installed (cold-start's installed rows,
 * install-size, type-check): `npm pack` of a checkout (after building its dist/ when it is missing or older than
 * src/), then `npm install <tarball> …` into a temp project from the npm cache (`--prefer-offline`: the registry
 * is asked only for what the cache lacks). Plain .mjs so the standalone .mjs benches and the jiti-loaded .ts
 * benches share it.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** bench/'s own dependencies (the peers): bench/node_modules, or another install of bench/package.json (`CODEV_BENCH_PEERS=/tmp/x/node_modules`). */
export const PEERS = path.resolve(process.env.CODEV_BENCH_PEERS ?? path.join(REPO, 'bench/node_modules'));

/** The checkout whose package is measured: this one, or another (`CODEV_COLD_START_ROOT`). */
export const CLI_ROOT = path.resolve(process.env.CODEV_COLD_START_ROOT ?? REPO);

/** `node scripts/build.mjs` in `root` when dist/ is missing or older than a file in src/; what was done, as notes. */
export function buildIfStale(root = CLI_ROOT) {
  const built = path.join(root, 'dist/index.js');
  const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
  const sources = readdirSync(path.join(root, 'src'), { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile() && /\.(ts|mjs)$/.test(entry.name));
  const newest = Math.max(...sources.map((entry) => statSync(path.join(entry.parentPath, entry.name)).mtimeMs));
  if (builtAt >= newest) return [];
  const state = builtAt === 0 ? 'missing' : 'older than src/';
  process.stderr.write(`  dist/ is ${state}: building it (node scripts/build.mjs)\n`);
  const build = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) throw new Error(`dist/ is ${state} and \`node scripts/build.mjs\` failed (exit ${build.status ?? build.signal})`);
  return [`dist/ was ${state}: built before measuring`];
}

/**
 * The tarball of `root` as it is published, in `destination`: its scripts/pack.mjs (`--no-build`), or `npm pack`
 * in a checkout from before that script. `--ignore-scripts`: dist/ is built by buildIfStale, not by prepack.
 */
export function packCodev({ root = CLI_ROOT, destination }) {
  const notes = buildIfStale(root);
  const packScript = path.join(root, 'scripts/pack.mjs');
  const pack = existsSync(packScript)
    ? spawnSync(process.execPath, [packScript, '--no-build', '--json', '--pack-destination', destination], { cwd: root, encoding: 'utf8' })
    : spawnSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', destination], { cwd: root, encoding: 'utf8' });
  if (pack.status !== 0) throw new Error(`npm pack failed in ${root}: ${pack.stderr}`);
  const [packed] = JSON.parse(pack.stdout);
  return { tarball: path.join(destination, packed.filename), files: packed.entryCount, packedBytes: packed.size, unpackedBytes: packed.unpackedSize, notes };
}

/**
 * `npm install <packages>` into a new project folder (`{"type":"module"}`), from the npm cache where it can;
 * npm's stderr (its install-script warnings) comes back with it.
 */
export function installProject({ directory, packages }) {
  mkdirSync(directory, { recursive: true });
  writeFileSync(path.join(directory, 'package.json'), `${JSON.stringify({ name: 'codev-bench-consumer', private: true, type: 'module' }, null, 2)}\n`);
  const install = spawnSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=warn', ...packages], { cwd: directory, encoding: 'utf8' });
  if (install.status !== 0) throw new Error(`npm install ${packages.join(' ')} failed in ${directory}: ${install.stderr}`);
  return { directory, npmWarnings: install.stderr.split('\n').filter((line) => line.startsWith('npm warn')) };
}

/**
 * A temp project with the packed checkout and zod installed, made once per tarball content (the folder is named
 * after the tarball's hash, so the cases of one bench run, each in its own process, share it; a changed checkout
 * gets a new one). Returns the project folder and the notes of the build and install.
 */
export function installedCodev({ root = CLI_ROOT } = {}) {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'codev-bench-pack-'));
  try {
    const { tarball, notes } = packCodev({ root, destination: scratch });
    const hash = createHash('sha256').update(readFileSync(tarball)).digest('hex').slice(0, 16);
    const directory = path.join(os.tmpdir(), `codev-bench-installed-${hash}`);
    if (existsSync(path.join(directory, 'node_modules/.bin/codev'))) return { directory, notes };
    const building = `${directory}.${process.pid}`;
    rmSync(building, { recursive: true, force: true });
    process.stderr.write(`  installing the packed checkout into ${directory} (npm install --prefer-offline)\n`);
    installProject({ directory: building, packages: [tarball, zodSpec(root)] });
    // The tarball path is in package.json; the project keeps working once it is gone (node_modules holds the files).
    rmSync(directory, { recursive: true, force: true });
    renameSync(building, directory);
    return { directory, notes: [...notes, `installed the packed checkout into ${directory}`] };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** zod at the version the checkout depends on (a consumer installs it beside codev). */
export function zodSpec(root = CLI_ROOT) {
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const version = manifest.dependencies?.zod ?? manifest.peerDependencies?.zod ?? manifest.devDependencies?.zod;
  return version ? `zod@${version}` : 'zod';
}
