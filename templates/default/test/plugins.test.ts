import { execFile } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKernel, discoverAgentTypes, type Kernel } from 'codev';
import { resultText, runTool } from 'codev/testing';

/** The project folder, where this file is. */
const project = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** This file, relative to the project: a file WordCount can count whatever README.md says. */
const self = path.relative(project, fileURLToPath(import.meta.url));
/**
 * A copy of the project (without node_modules/, .codev/ and .git/) in a temp folder: the kernel loads
 * codev.config.ts and plugins/ from here, like `codev run` does. What the tests write (the calls log, sessions) stays out of your
 * .codev/, and they pass inside codev's sandbox too, where .codev/ is read-only (your agent running `npm test`).
 */
let root: string;
/** Linked (node_modules), or not needed and maybe large. */
const NOT_COPIED = new Set(['node_modules', '.codev', '.git']);
let kernel: Kernel;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'codev-project-test-'));
  // Entry by entry: in the sandbox the temp folder is inside .codev/, which cp refuses for the whole project.
  for (const entry of await readdir(project)) {
    if (!NOT_COPIED.has(entry)) await cp(path.join(project, entry), path.join(root, entry), { recursive: true });
  }
  await symlink(path.join(project, 'node_modules'), path.join(root, 'node_modules'), 'junction');
  kernel = await createKernel({ cwd: root });
});
afterAll(async () => {
  await kernel?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

/** One call through the whole lifecycle (validation, hooks, permissions, call, result); no model needed. */
function wordCount(input: unknown, id?: string) {
  return runTool({ name: 'WordCount', input, id, context: kernel.createToolUseContext() });
}

describe('the project', () => {
  it('loads every plugin', () => {
    // Named in your project, not in the copy: the file and line to fix.
    expect(kernel.errors.map((error) => error.format().replaceAll(root, project))).toEqual([]);
    expect(kernel.plugins.map((plugin) => plugin.name).sort()).toEqual(['log-calls', 'project-rules', 'word-count']);
    expect(kernel.tools.map((tool) => tool.name)).toContain('WordCount');
  });

  it('WordCount counts a file, and the log-calls hook records the call', async () => {
    const id = `toolu_test_${Date.now()}`;
    const { result } = await wordCount({ path: self }, id);
    expect(result.status, resultText(result)).toBe('ok');
    expect(result.decision).toMatchObject({ behavior: 'allow', rule: 'WordCount' });
    expect(result.output).toMatchObject({ path: self, words: expect.any(Number) });
    expect((result.output as { words: number }).words).toBeGreaterThan(10);
    const log = await readFile(path.join(root, '.codev', 'calls.log'), 'utf8');
    expect(log).toContain(`"toolUseId":"${id}"`);
  });

  it('a bad input is an error result the model can read, not an exception', async () => {
    const { result } = await wordCount({ path: 42 });
    expect(result.status).toBe('invalid-input');
    expect(resultText(result)).toContain('path');
  });

  it('the deny rule Read(./.env) blocks the call before the tool runs', async () => {
    const { result } = await wordCount({ path: '.env' });
    expect(result.status).toBe('denied');
    expect(result.decision).toMatchObject({ behavior: 'deny', rule: 'Read(./.env)' });
  });

  it('the rule function of project-rules denies files over 1 MB', async () => {
    const big = path.join(root, 'big-test-file.txt');
    await writeFile(big, 'word '.repeat(250_000));
    try {
      const { result } = await wordCount({ path: path.relative(root, big) });
      expect(result.status).toBe('denied');
      expect(result.decision?.behavior).toBe('deny');
    } finally {
      await rm(big, { force: true });
    }
  });

  it('the word-report skill loads through the Skill tool, with its arguments filled in', async () => {
    const { result } = await runTool({ name: 'Skill', input: { skill: 'word-report', args: 'docs' }, context: kernel.createToolUseContext() });
    expect(result.status, resultText(result)).toBe('ok');
    expect(resultText(result)).toContain('Report the length of the Markdown files in docs');
  });

  it('agents/reviewer.md is a valid agent type', async () => {
    const { definitions, errors } = await discoverAgentTypes({ projectRoot: root });
    expect(errors.map((error) => error.message)).toEqual([]);
    expect(definitions.find((definition) => definition.name === 'reviewer')).toMatchObject({ tools: ['Read', 'Grep', 'Glob', 'WordCount'], permissionMode: 'plan' });
  });
});

describe('the agent, offline', () => {
  it('runs as `npm run try` runs it: against codev fake-model, calling WordCount, and ends without an error', async () => {
    const codev = path.join(root, 'node_modules', 'codev', 'bin', 'codev.mjs');
    const args = [codev, 'fake-model', '--', 'codev', 'run', 'agent.ts', '--output-format', 'stream-json'];
    const stdout = await new Promise<string>((resolve, reject) => {
      execFile(process.execPath, args, { cwd: root, timeout: 60_000 }, (error, out, err) => (error ? reject(new Error(`${error.message}\n${err}`)) : resolve(out)));
    });
    const events = stdout.split('\n').filter(Boolean).map((line) => JSON.parse(line) as { type: string; toolName?: string; status?: string; reason?: string });
    expect(events.find((event) => event.type === 'tool-result')).toMatchObject({ toolName: 'WordCount', status: 'ok' });
    expect(events.at(-1)).toMatchObject({ type: 'end', reason: 'end_turn' });
  }, 90_000);
});
