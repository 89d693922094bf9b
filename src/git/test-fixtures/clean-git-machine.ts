import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';

const VARIABLES = ['GIT_CONFIG_NOSYSTEM', 'GIT_CONFIG_GLOBAL', 'GIT_CEILING_DIRECTORIES'] as const;
const IDENTITY = { GIT_AUTHOR_NAME: 'Test', GIT_AUTHOR_EMAIL: 'test@example.com', GIT_COMMITTER_NAME: 'Test', GIT_COMMITTER_EMAIL: 'test@example.com' };

/**
 * Test-only: a clean machine for a test file's git (no global or system config, git never looking above a
 * temp root, no identity but the one given here), restored after the file. `git` runs a command with that
 * identity; `directory` makes a new folder under the root, which is removed with everything in it.
 */
export function cleanGitMachine(prefix: string): { root: string; git: (cwd: string, ...args: string[]) => string; directory: () => string } {
  const saved = VARIABLES.map((name) => [name, process.env[name]] as const);
  const root = realpathSync(mkdtempSync(path.join(os.tmpdir(), prefix)));
  beforeAll(() => {
    process.env.GIT_CONFIG_NOSYSTEM = '1';
    process.env.GIT_CONFIG_GLOBAL = os.devNull;
    process.env.GIT_CEILING_DIRECTORIES = root;
  });
  afterAll(() => {
    for (const [name, value] of saved) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    rmSync(root, { recursive: true, force: true });
  });
  let counter = 0;
  return {
    root,
    git: (cwd, ...args) => execFileSync('git', args, { cwd, env: { ...process.env, ...IDENTITY }, encoding: 'utf8', stdio: 'pipe' }).trim(),
    directory: () => {
      const created = path.join(root, `d${++counter}`);
      mkdirSync(created);
      return created;
    },
  };
}
