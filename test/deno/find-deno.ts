import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The Deno binary of the `deno` devDependency, without relying on its install script: npm installs the binary
 * as the optional dependency `@deno/<platform>` and deno's postinstall only hard-links it into
 * `node_modules/deno/` and repoints `.bin/deno` (npm 11 warns about unapproved install scripts; a stricter
 * npm or `--ignore-scripts` skips it, and `.bin/deno` then is a Node wrapper). Throws, never returns
 * undefined: a missing binary must fail the tests with the fix, not skip them.
 */
export function findDenoBinary(): string {
  const require = createRequire(import.meta.url);
  let packageJson: string;
  try {
    packageJson = require.resolve('deno/package.json');
  } catch {
    throw new Error('The `deno` devDependency is not installed (no node_modules/deno): run `npm ci`.');
  }
  const executable = process.platform === 'win32' ? 'deno.exe' : 'deno';
  const target = platformPackage();
  const candidates: string[] = [];
  try {
    candidates.push(path.join(path.dirname(createRequire(packageJson).resolve(`${target}/package.json`)), executable));
  } catch {
    // Not installed for this platform; the postinstall copy below may still exist.
  }
  candidates.push(path.join(path.dirname(packageJson), executable));
  const found = candidates.find((candidate) => existsSync(candidate));
  if (!found) {
    throw new Error(
      `No Deno binary in node_modules for ${process.platform}-${process.arch}: looked for ${target} (an optional ` +
        `dependency of \`deno\`) and ${candidates.at(-1)}. Run \`npm ci\` without \`--omit=optional\` / \`--no-optional\`.`,
    );
  }
  return found;
}

/** `@deno/linux-x64-glibc`, `@deno/darwin-arm64`, `@deno/win32-x64`... as deno's own install script picks it. */
function platformPackage(): string {
  const arch = process.arch === 'x64' || process.arch === 'arm64' ? process.arch : undefined;
  if (!arch) throw new Error(`Deno ships no binary for the ${process.arch} architecture (only x64 and arm64).`);
  // There is no musl build: on musl npm skips the glibc package (its `libc` field) and findDenoBinary fails with its fix.
  if (process.platform === 'linux') return `@deno/linux-${arch}-glibc`;
  return `@deno/${process.platform}-${arch}`;
}
