import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Class 6, the script-root check against a folder reached by another mount: a container or host that mounts
// the worker's folder of job checkouts (or a folder above it) inside its script folders gives a checkout's
// files a second path that no link resolves. A script there is a job's file all the same and must not run.
// Run in a real mount namespace (bubblewrap binds the folder), through the check the worker makes at import.

const BWRAP = '/usr/bin/bwrap';
const JITI = path.join(path.dirname(createRequire(import.meta.url).resolve('jiti/package.json')), 'lib/jiti-cli.mjs');
const CLI = path.join(import.meta.dirname, 'test-fixtures/read-allowed-script-cli.ts');
let run: string;

beforeAll(() => {
  run = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'codev-script-mounts-')));
  mkdirSync(path.join(run, 'workspaces/job'), { recursive: true });
  writeFileSync(path.join(run, 'workspaces/job/planted.ts'), 'export default {};\n');
  mkdirSync(path.join(run, 'scripts/mounted'), { recursive: true });
  writeFileSync(path.join(run, 'scripts/agent.ts'), 'export default {};\n');
});
afterAll(() => rmSync(run, { recursive: true, force: true }));

/** What the check says of `script` in a namespace where `source` is bound at `target`. */
function checkWithMount(options: { source: string; target: string; script: string }): string {
  return execFileSync(BWRAP, ['--dev-bind', '/', '/', '--bind', options.source, options.target, process.execPath, JITI, CLI, options.script, path.join(run, 'scripts'), path.join(run, 'workspaces')], { encoding: 'utf8' }).trim();
}

describe.skipIf(!existsSync(BWRAP))('the script-root check and folders mounted twice', () => {
  it("refuses a job checkout's file reached through a mount of the checkouts folder inside the script folders", () => {
    expect(checkWithMount({ source: path.join(run, 'workspaces'), target: path.join(run, 'scripts/mounted'), script: path.join(run, 'scripts/mounted/job/planted.ts') })).toBe('refused JOB_INVALID');
  });

  it('refuses it through a mount of a folder above the checkouts folder too', () => {
    expect(checkWithMount({ source: run, target: path.join(run, 'scripts/mounted'), script: path.join(run, 'scripts/mounted/workspaces/job/planted.ts') })).toBe('refused JOB_INVALID');
  });

  it('still runs a script of the script folders, with or without such a mount', () => {
    expect(checkWithMount({ source: path.join(run, 'workspaces'), target: path.join(run, 'scripts/mounted'), script: path.join(run, 'scripts/agent.ts') })).toBe(path.join(run, 'scripts/agent.ts'));
  });
});
