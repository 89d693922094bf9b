/** Pieces of the Agent tool's worktree tests: real temporary git repositories and a tool that reports where it runs. Not shipped. */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, vi } from 'vitest';
import { z } from 'zod';
import { createTestContext } from '../../../testing/create-test-context.ts';
import { buildTool, withToolSource } from '../../../tool/build-tool.ts';
import type { Tool } from '../../../tool/types.ts';

const temporaryRoot = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'codev-agent-worktree-')));
const contextFolders: string[] = [];
// A clean machine: no global or system git config, and no repository above the temp folder.
beforeAll(() => {
  vi.stubEnv('GIT_CONFIG_NOSYSTEM', '1');
  vi.stubEnv('GIT_CONFIG_GLOBAL', os.devNull);
  vi.stubEnv('GIT_CEILING_DIRECTORIES', temporaryRoot);
});
afterAll(() => {
  vi.unstubAllEnvs();
  for (const folder of [temporaryRoot, ...contextFolders.splice(0)]) rmSync(folder, { recursive: true, force: true });
});

const identity = { GIT_AUTHOR_NAME: 'Test', GIT_AUTHOR_EMAIL: 'test@example.com', GIT_COMMITTER_NAME: 'Test', GIT_COMMITTER_EMAIL: 'test@example.com' };

/** Runs git in `cwd` and returns its trimmed stdout. */
export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, env: { ...process.env, ...identity }, encoding: 'utf8', stdio: 'pipe' }).trim();
}

let counter = 0;

/** A new empty folder in the temp root (real path), removed after the file's tests. */
export function temporaryFolder(): string {
  const folder = path.join(temporaryRoot, `d${++counter}`);
  mkdirSync(folder);
  return folder;
}

/** A git repository (real path) with one commit of `README.md` and `packages/app/index.ts`. */
export function createRepository(): string {
  const root = temporaryFolder();
  git(root, 'init', '-q');
  mkdirSync(path.join(root, 'packages', 'app'), { recursive: true });
  writeFileSync(path.join(root, 'README.md'), 'readme\n');
  writeFileSync(path.join(root, 'packages', 'app', 'index.ts'), 'export {};\n');
  git(root, 'add', '-A');
  git(root, 'commit', '-q', '-m', 'first');
  return root;
}

/** A test context over `tools` in `cwd` (also its projectRoot); its session folder is removed after the file's tests. */
export function contextIn(cwd: string, tools: readonly Tool[], mode?: 'acceptEdits') {
  const context = createTestContext({ tools, cwd, mode });
  contextFolders.push(path.dirname(context.sessionDirectory));
  return context;
}

/** A tool that reports its context's cwd and projectRoot as JSON, after writing `write` (relative to its cwd) when given. */
export const probeTool = withToolSource(
  buildTool({
    name: 'Probe',
    description: 'Report where the tool runs; optionally write a file there',
    inputSchema: z.object({ write: z.string().optional() }),
    isReadOnly: (input) => !input.write,
    checkPermissions: (input) => ({ behavior: 'allow', updatedInput: input }),
    call: ({ write }, context) => {
      if (write) writeFileSync(path.resolve(context.cwd, write), 'probe\n');
      return { data: JSON.stringify({ cwd: context.cwd, projectRoot: (context as { projectRoot?: string }).projectRoot }) };
    },
  }),
  { type: 'builtin' },
);
