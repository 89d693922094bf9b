/**
 * The tarball README's first screen has a user pack in the clone is the package as published: no lifecycle
 * script a user's npm would list as an install script it cannot run (`prepare: node scripts/build.mjs` names a
 * file not shipped), no devDependencies of this repo. Runs README's own clone line (but `npm ci`: node_modules
 * is there), writing the tarball into a temp folder instead of the clone, and without building dist/ again
 * (`npm test` built it; other test files read it meanwhile).
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runChild, userEnvironment } from '../run-child.ts';
import { extractCodeBlocks } from './extract-code-blocks.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const destination = mkdtempSync(path.join(os.tmpdir(), 'codev-readme-pack-'));
afterAll(() => rmSync(destination, { recursive: true, force: true }));

/** README's line run "in the clone", its commands without the comment. */
function cloneCommands(): string[] {
  const line = extractCodeBlocks({ root: ROOT, file: 'README.md' })
    .flatMap((block) => block.code.split('\n'))
    .find((text) => /#\s*in the clone\b/.test(text));
  if (!line) throw new Error('README.md has no line marked "# in the clone"');
  return line.replace(/#.*$/, '').split('&&').map((command) => command.trim());
}

describe("README's first screen", () => {
  it('packs in the clone the package as published: no scripts, no devDependencies', async () => {
    const pack = cloneCommands().filter((command) => command !== 'npm ci');
    expect(pack).toHaveLength(1);
    const [npm = '', ...args] = pack[0]!.split(/\s+/);
    expect(npm).toBe('npm');
    const toTemp = args[0] === 'run' ? ['--', '--no-build', '--pack-destination', destination] : ['--ignore-scripts', '--pack-destination', destination];
    const run = await runChild(npm, [...args, ...toTemp], { cwd: ROOT, timeoutMs: 240_000, env: userEnvironment() });
    expect(run.code, run.output).toBe(0);
    const [tarball] = readdirSync(destination).filter((name) => name.endsWith('.tgz'));
    expect(tarball, run.output).toBeDefined();
    const listed = await runChild('tar', ['-xOzf', path.join(destination, tarball!), 'package/package.json'], { cwd: destination, timeoutMs: 60_000 });
    const manifest = JSON.parse(listed.stdout) as Record<string, unknown>;
    expect({ scripts: manifest.scripts, devDependencies: manifest.devDependencies }).toEqual({ scripts: undefined, devDependencies: undefined });
  }, 300_000);
});
