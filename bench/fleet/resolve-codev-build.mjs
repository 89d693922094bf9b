/**
 * The build of codev the fleet bench measures: `dist/` of this repo (`npm run build` first), or of another
 * checkout named by `CODEV_BENCH_ROOT` (e.g. a `git archive` of a revision with a `node_modules` symlink,
 * built there). Its module URLs are handed to the worker and local agent processes, which import them as a
 * user's code imports `codev/fleet` and `codev`. Not run on its own.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const REPOSITORY = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export function resolveCodevBuild(checkout = process.env.CODEV_BENCH_ROOT ?? REPOSITORY) {
  const root = path.resolve(checkout);
  const distribution = path.join(root, 'dist');
  const entry = (file) => pathToFileURL(path.join(distribution, file)).href;
  const missing = ['fleet/index.js', 'index.js', 'testing/index.js'].filter((file) => !existsSync(path.join(distribution, file)));
  if (missing.length > 0) throw new Error(`fleet bench: ${distribution} has no ${missing.join(', ')}: run npm run build in ${root} first`);
  return {
    root,
    version: JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).version,
    commit: commitOf(root),
    /** When dist/ was built: another session may have rebuilt it from a tree that is not the commit. */
    builtAt: statSync(path.join(distribution, 'fleet/index.js')).mtime,
    fleetModule: entry('fleet/index.js'),
    codevModule: entry('index.js'),
    testingModule: entry('testing/index.js'),
  };
}

/** The checkout's commit, when it is a git checkout (an archive is not: `CODEV_BENCH_COMMIT` names it). */
function commitOf(root) {
  if (process.env.CODEV_BENCH_COMMIT && root === path.resolve(process.env.CODEV_BENCH_ROOT ?? REPOSITORY)) return process.env.CODEV_BENCH_COMMIT;
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return 'unknown';
  }
}
