/** Test-only: the package exactly as it is published (scripts/pack.mjs), as a tarball in a temp folder. */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runChild, userEnvironment } from '../run-child.ts';

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The newest modification time of the files the build reads (src/ and the build's tsconfig), in ms. */
function newestSource(): number {
  let newest = statSync(path.join(REPO, 'tsconfig.build.json')).mtimeMs;
  for (const entry of readdirSync(path.join(REPO, 'src'), { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

function builtAt(): number {
  try {
    return statSync(path.join(REPO, 'dist/index.js')).mtimeMs;
  } catch {
    return 0;
  }
}

/**
 * The package as published, packed by scripts/pack.mjs into `destination`: the tarball's path and the files in it.
 * `npm test` builds dist/ first; a run of this file alone builds it here when src/ changed since, so the package
 * tested is the sources as they are. `--no-build` keeps pack.mjs from rebuilding dist/ under the other test files
 * that read it.
 */
export async function packCodev(destination: string): Promise<{ tarball: string; files: string[] }> {
  if (builtAt() < newestSource()) {
    const build = await runChild(process.execPath, [path.join(REPO, 'scripts/build.mjs')], { cwd: REPO, timeoutMs: 180_000 });
    if (build.code !== 0) throw new Error(`npm run build failed:\n${build.output}`);
  }
  const pack = await runChild(process.execPath, [path.join(REPO, 'scripts/pack.mjs'), '--no-build', '--json', '--pack-destination', destination], { cwd: REPO, timeoutMs: 180_000, env: userEnvironment() });
  if (pack.code !== 0) throw new Error(`scripts/pack.mjs failed:\n${pack.output}`);
  const [packed] = JSON.parse(pack.stdout) as { filename: string; files: { path: string }[] }[];
  return { tarball: path.join(destination, packed!.filename), files: packed!.files.map((file) => file.path) };
}
