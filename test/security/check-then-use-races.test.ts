import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ToolUseContext } from '../../src/execution/types.ts';
import type { PermissionMode } from '../../src/permissions/types.ts';
import { createTestContext } from '../../src/testing/create-test-context.ts';
import { resultText, runTool } from '../../src/testing/run-tool.ts';
import { BUILTIN_TOOLS } from '../../src/tools/index.ts';
import { useTemporaryFolders, writeWithFolders } from './temporary-folders.ts';

/**
 * Check-then-use races (issue 29, class 1), run through the real tool pipeline on real files: the folder a
 * call names is swapped for a symlink right after the permission decision (the decision listener runs between
 * the check and `call()`, so the race is hit every time). Judged by the effect: a file written outside the
 * project or into a protected place, or a secret printed.
 */
const SECRET = 'sk-live-4f9a';
const folder = useTemporaryFolders();
const write = writeWithFolders;

/** A project (with `docs/` and a git-like `.git/hooks`) and a folder outside it holding a secret. */
function setUp(options: { mode?: PermissionMode; deny?: string[] } = {}) {
  const project = folder('codev-race-project-');
  const outside = folder('codev-race-outside-');
  write(path.join(project, 'package.json'), '{"name":"victim","private":true}');
  write(path.join(project, 'docs/notes.txt'), 'notes\n');
  write(path.join(project, '.git/hooks/README'), 'hooks\n');
  // Same size and mtime as the project's copy, so Edit's read record cannot tell them apart.
  write(path.join(outside, 'notes.txt'), 'notes\n');
  write(path.join(outside, 'secret.txt'), `${SECRET}\n`);
  const context: ToolUseContext = createTestContext({ tools: BUILTIN_TOOLS, cwd: project, mode: options.mode ?? 'acceptEdits', deny: options.deny });
  /** After the decision, before the call: `docs` becomes a link to `target`. */
  const swapAfterDecision = (target: string) => {
    context.onDecision = () => {
      context.onDecision = undefined;
      rmSync(path.join(project, 'docs'), { recursive: true, force: true });
      symlinkSync(target, path.join(project, 'docs'));
    };
  };
  return { project, outside, context, swapAfterDecision };
}

describe('check-then-use races: the decision holds for the file actually opened', () => {
  it('Write: a folder swapped for a link to a folder outside writes nothing there (PATH_CHANGED)', async () => {
    const { project, outside, context, swapAfterDecision } = setUp();
    swapAfterDecision(outside);
    const { result } = await runTool({ name: 'Write', input: { file_path: path.join(project, 'docs/PWNED'), content: 'x' }, context });
    expect(existsSync(path.join(outside, 'PWNED'))).toBe(false);
    expect(result.errorCode).toBe('PATH_CHANGED');
  });

  it('Write: a folder swapped for a link to .git/hooks plants no hook', async () => {
    const { project, context, swapAfterDecision } = setUp();
    swapAfterDecision(path.join(project, '.git/hooks'));
    const { result } = await runTool({ name: 'Write', input: { file_path: path.join(project, 'docs/pre-commit'), content: 'touch PWNED' }, context });
    expect(existsSync(path.join(project, '.git/hooks/pre-commit'))).toBe(false);
    expect(result.errorCode).toBe('PATH_CHANGED');
  });

  it('Write in bypassPermissions: a folder swapped for a link to $HOME-like folder outside writes nothing there', async () => {
    const { project, outside, context, swapAfterDecision } = setUp({ mode: 'bypassPermissions' });
    swapAfterDecision(outside);
    const { result } = await runTool({ name: 'Write', input: { file_path: path.join(project, 'docs/.bashrc-new'), content: 'x' }, context });
    expect(existsSync(path.join(outside, '.bashrc-new'))).toBe(false);
    expect(result.errorCode).toBe('PATH_CHANGED');
  });

  it('Edit: a folder swapped after the decision leaves the file outside unchanged', async () => {
    const { project, outside, context, swapAfterDecision } = setUp();
    const time = new Date('2026-01-01T00:00:00Z');
    utimesSync(path.join(project, 'docs/notes.txt'), time, time);
    utimesSync(path.join(outside, 'notes.txt'), time, time);
    const read = await runTool({ name: 'Read', input: { file_path: path.join(project, 'docs/notes.txt') }, context });
    expect(read.result.status).toBe('ok');
    swapAfterDecision(outside);
    const { result } = await runTool({ name: 'Edit', input: { file_path: path.join(project, 'docs/notes.txt'), old_string: 'notes', new_string: 'PWNED' }, context });
    expect(readFileSync(path.join(outside, 'notes.txt'), 'utf8')).toBe('notes\n');
    expect(result.status).not.toBe('ok');
  });

  it('Read: a folder swapped for a link to a folder outside prints nothing of it', async () => {
    const { project, outside, context, swapAfterDecision } = setUp();
    write(path.join(project, 'docs/secret.txt'), 'public\n');
    swapAfterDecision(outside);
    const { result } = await runTool({ name: 'Read', input: { file_path: path.join(project, 'docs/secret.txt') }, context });
    expect(resultText(result)).not.toContain(SECRET);
    expect(result.errorCode).toBe('PATH_CHANGED');
  });

  it('Read: a folder swapped for a link to a denied folder prints nothing of it', async () => {
    const { project, context, swapAfterDecision } = setUp({ deny: ['Read(./private/**)'] });
    write(path.join(project, 'private/secret.txt'), `${SECRET}\n`);
    write(path.join(project, 'docs/secret.txt'), 'public\n');
    swapAfterDecision(path.join(project, 'private'));
    const { result } = await runTool({ name: 'Read', input: { file_path: path.join(project, 'docs/secret.txt') }, context });
    expect(resultText(result)).not.toContain(SECRET);
  });

  it('Grep: a searched folder swapped for a link to a folder outside prints nothing of it', async () => {
    const { project, context, swapAfterDecision, outside } = setUp();
    swapAfterDecision(outside);
    const { result } = await runTool({ name: 'Grep', input: { pattern: 'sk-live', path: path.join(project, 'docs'), output_mode: 'content' }, context });
    expect(resultText(result)).not.toContain(SECRET);
    expect(resultText(result)).not.toContain('secret.txt');
  });

  it('Glob: a listed folder swapped for a link to a folder outside lists nothing of it', async () => {
    const { project, context, swapAfterDecision, outside } = setUp();
    swapAfterDecision(outside);
    const { result } = await runTool({ name: 'Glob', input: { pattern: '**/*', path: path.join(project, 'docs') }, context });
    expect(resultText(result)).not.toContain('secret.txt');
  });
});

/** A child process that swaps `docs` for a link to `target` and back, up to `rounds` times, until stopped. */
function startSwapper(options: { project: string; target: string; rounds: number }) {
  const script = `
    const fs = require('node:fs');
    const [docs, parked, target, rounds] = process.argv.slice(1);
    for (let round = 0; round < Number(rounds); round++) {
      try { fs.renameSync(docs, parked); fs.symlinkSync(target, docs); fs.unlinkSync(docs); fs.renameSync(parked, docs); } catch {}
    }`;
  const child = spawn(process.execPath, ['-e', script, path.join(options.project, 'docs'), path.join(options.project, 'parked'), options.target, String(options.rounds)], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return {
    /** Stops the swapper and puts `docs` back in place. */
    async stop() {
      child.kill('SIGKILL');
      await exited;
      const docs = path.join(options.project, 'docs');
      if (!existsSync(path.join(options.project, 'parked'))) return;
      rmSync(docs, { recursive: true, force: true }); // a link, or a folder a Write made while docs was away
      renameSync(path.join(options.project, 'parked'), docs);
    },
  };
}

describe('check-then-use races: a real swapper in another process', () => {
  it('Write and Read while docs/ flips between a folder and a link outside: nothing lands or leaks outside', async () => {
    const { project, outside, context } = setUp();
    write(path.join(project, 'docs/secret.txt'), 'public\n');
    const before = readdirSync(outside).sort();
    const swapper = startSwapper({ project, target: outside, rounds: 5_000_000 });
    const texts: string[] = [];
    try {
      for (let attempt = 0; attempt < 300; attempt++) {
        await runTool({ name: 'Write', input: { file_path: path.join(project, `docs/w${attempt}.txt`), content: 'x' }, context });
        const read = await runTool({ name: 'Read', input: { file_path: path.join(project, 'docs/secret.txt') }, context });
        texts.push(resultText(read.result));
      }
    } finally {
      await swapper.stop();
    }
    expect(readdirSync(outside).sort()).toEqual(before);
    expect(texts.filter((text) => text.includes(SECRET))).toEqual([]);
  });
});

describe('check-then-use races: ordinary use stays allowed', () => {
  it('Write, Read and Edit in the project work, through a symlinked folder that resolves inside it too', async () => {
    const { project, context } = setUp();
    mkdirSync(path.join(project, 'real'));
    symlinkSync(path.join(project, 'real'), path.join(project, 'linked'));
    for (const file of [path.join(project, 'docs/new.txt'), path.join(project, 'linked/new.txt')]) {
      const written = await runTool({ name: 'Write', input: { file_path: file, content: 'one\n' }, context });
      expect(written.result.status).toBe('ok');
      const read = await runTool({ name: 'Read', input: { file_path: file }, context });
      expect(resultText(read.result)).toContain('one');
      const edited = await runTool({ name: 'Edit', input: { file_path: file, old_string: 'one', new_string: 'two' }, context });
      expect(edited.result.status).toBe('ok');
    }
    expect(readFileSync(path.join(project, 'real/new.txt'), 'utf8')).toBe('two\n');
    expect(readFileSync(path.join(project, 'docs/new.txt'), 'utf8')).toBe('two\n');
    const grep = await runTool({ name: 'Grep', input: { pattern: 'two', path: path.join(project, 'linked'), output_mode: 'content' }, context });
    expect(resultText(grep.result)).toContain('two');
    const glob = await runTool({ name: 'Glob', input: { pattern: '*.txt', path: path.join(project, 'linked') }, context });
    expect(resultText(glob.result)).toContain('new.txt');
  });

  it('a folder swapped for a link that resolves to where the decision looked is still the same file: allowed', async () => {
    const { project, context } = setUp();
    // The decision resolves docs/x.txt; swapping nothing keeps it; a file symlink inside the project is followed.
    write(path.join(project, 'data/target.txt'), 'hello\n');
    symlinkSync(path.join(project, 'data/target.txt'), path.join(project, 'docs/alias.txt'));
    const read = await runTool({ name: 'Read', input: { file_path: path.join(project, 'docs/alias.txt') }, context });
    expect(resultText(read.result)).toContain('hello');
    const edited = await runTool({ name: 'Edit', input: { file_path: path.join(project, 'docs/alias.txt'), old_string: 'hello', new_string: 'bye' }, context });
    expect(edited.result.status).toBe('ok');
    expect(readFileSync(path.join(project, 'data/target.txt'), 'utf8')).toBe('bye\n');
  });
});
