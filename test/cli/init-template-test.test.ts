import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { isSandboxAvailable } from '../../src/sandbox/is-sandbox-available.ts';
import { runChild, userEnvironment } from '../run-child.ts';

/**
 * The test `codev init` writes (templates/default/test/plugins.test.ts) passes where a user runs it: in a folder
 * that already had its own (short) README.md, and through codev's own Bash tool, in the sandbox where `.codev/` is
 * read-only, the way the project's agent runs `npm test`. It leaves no session or log in the user's `.codev/`.
 * The project gets the built codev (run `npm run build` first) and this repo's vitest through node_modules links.
 */
const REPO = realpathSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..'));
const BIN = path.join(REPO, 'bin/codev.mjs');
const VITEST = path.join(REPO, 'node_modules/vitest/vitest.mjs');

const temps: string[] = [];
afterAll(() => {
  for (const directory of temps) rmSync(directory, { recursive: true, force: true });
});

/** A folder holding a short README.md of the user's, then `codev init` run in it, its packages linked in. */
async function initialisedOverAReadme(): Promise<string> {
  const project = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'codev-template-test-')));
  temps.push(project);
  writeFileSync(path.join(project, 'README.md'), '# mine\n');
  const init = await runChild(process.execPath, [BIN, 'init'], { cwd: project, timeoutMs: 60_000 });
  expect(init.code, init.output).toBe(0);
  expect(readFileSync(path.join(project, 'README.md'), 'utf8')).toBe('# mine\n');
  mkdirSync(path.join(project, 'node_modules'));
  symlinkSync(REPO, path.join(project, 'node_modules/codev'));
  for (const name of ['vitest', 'zod']) symlinkSync(path.join(REPO, 'node_modules', name), path.join(project, 'node_modules', name));
  mkdirSync(path.join(project, 'node_modules/.bin'));
  symlinkSync(VITEST, path.join(project, 'node_modules/.bin/vitest'));
  return project;
}

describe("the new project's own test", () => {
  it('passes in a folder that had its own short README.md, and leaves nothing in .codev/', async () => {
    const project = await initialisedOverAReadme();
    const test = await runChild(process.execPath, [VITEST, 'run'], { cwd: project, timeoutMs: 180_000 });
    expect(test.code, test.output).toBe(0);
    expect(test.output).toMatch(/Tests\s+8 passed/);
    expect(existsSync(path.join(project, '.codev'))).toBe(false);
  }, 240_000);

  it.runIf(isSandboxAvailable())("passes when the project's agent runs it through the Bash tool, in the sandbox where .codev/ is read-only", async () => {
    const project = await initialisedOverAReadme();
    mkdirSync(path.join(project, '.codev'));
    const input = JSON.stringify({ command: 'npm test', timeout: 170_000 });
    const test = await runChild(process.execPath, [BIN, 'tool', 'Bash', input, '--allow', 'Bash(npm test)'], { cwd: project, timeoutMs: 180_000, env: userEnvironment() });
    expect(test.code, test.output).toBe(0);
    expect(test.output).toMatch(/Tests\s+8 passed/);
  }, 240_000);
});
