import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const REPO = realpathSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..'));
const BIN = path.join(REPO, 'bin/codev.mjs');
const FAULTS = path.join(REPO, 'test/faults/test-fixtures/init-write-faults.mjs');
const THEIRS = '{\n  "name": "mine",\n  "version": "1.0.0",\n  "scripts": { "build": "tsc" }\n}\n';

const temps: string[] = [];
afterAll(() => {
  for (const directory of temps) rmSync(directory, { recursive: true, force: true });
});

/** A user's project: their package.json and README.md, and a tsconfig.json unlike the template's. */
function userProject(): string {
  const directory = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'codev-init-fault-')));
  temps.push(directory);
  writeFileSync(path.join(directory, 'package.json'), THEIRS);
  writeFileSync(path.join(directory, 'README.md'), '# mine\n');
  writeFileSync(path.join(directory, 'tsconfig.json'), '{}\n');
  return directory;
}

/**
 * `codev init --force` in `cwd` with a write fault (test-fixtures/init-write-faults.mjs); SIGKILLed as soon as it
 * reports that it stopped midway. Resolves with its stderr and how it ended.
 */
function initWithFault(cwd: string, fault: string): Promise<{ code: number | null; signal: string | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', FAULTS, BIN, 'init', '--force'], { cwd, env: { ...process.env, NO_COLOR: '1', CODEV_TEST_INIT_FAULT: fault }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
      if (stderr.includes('FAULT: stopped')) child.kill('SIGKILL');
    });
    child.once('close', (code, signal) => resolve({ code, signal, stderr }));
  });
}

describe('codev init when a write goes wrong', () => {
  it('killed (kill -9) in the middle of writing package.json: the user\'s package.json is whole, and a second init finishes the job', async () => {
    const project = userProject();
    const crash = await initWithFault(project, 'hang');
    expect(crash.stderr).toContain('FAULT: stopped');
    expect(crash.signal).toBe('SIGKILL');
    expect(readFileSync(path.join(project, 'package.json'), 'utf8')).toBe(THEIRS);

    const again = spawn(process.execPath, [BIN, 'init'], { cwd: project, env: { ...process.env, NO_COLOR: '1' }, stdio: 'ignore' });
    expect(await new Promise((resolve) => again.once('close', resolve))).toBe(0);
    const manifest = JSON.parse(readFileSync(path.join(project, 'package.json'), 'utf8'));
    expect(manifest).toMatchObject({ name: 'mine', scripts: { build: 'tsc' } });
    expect(manifest.dependencies.codev).toBeDefined();
  });

  it('a failed write undoes the others: no new file is left, a replaced file is put back, package.json is unchanged', async () => {
    for (const fault of ['fail:word-count.ts', 'fail:tsconfig.json']) {
      const project = userProject();
      const failed = await initWithFault(project, fault);
      expect(failed.code, failed.stderr).toBe(1);
      expect(failed.stderr).toContain('EIO');
      expect(readdirSync(project).sort()).toEqual(['README.md', 'package.json', 'tsconfig.json']);
      expect(readFileSync(path.join(project, 'package.json'), 'utf8')).toBe(THEIRS);
      expect(readFileSync(path.join(project, 'README.md'), 'utf8')).toBe('# mine\n');
      expect(readFileSync(path.join(project, 'tsconfig.json'), 'utf8')).toBe('{}\n');
    }
  });
});
