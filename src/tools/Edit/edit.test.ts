import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defineHook } from '../../hooks/define-hook.ts';
import { recordFileRead } from '../../files/file-state.ts';
import { encodeText } from '../../files/text-encoding.ts';
import type { PermissionMode } from '../../permissions/types.ts';
import { createTestContext } from '../../testing/create-test-context.ts';
import { resultText, runTool } from '../../testing/run-tool.ts';
import { EDIT_ERRORS, planEdit } from './apply-edit.ts';
import { editTool, type EditOutput } from './index.ts';

function setup(options: { mode?: PermissionMode; files?: Record<string, string | Buffer> } = {}) {
  const context = createTestContext({ tools: [editTool], mode: options.mode ?? 'acceptEdits' });
  const file = (name: string) => path.join(context.cwd, name);
  for (const [name, content] of Object.entries(options.files ?? {})) writeFileSync(file(name), content);
  const edit = (input: Record<string, unknown>) => runTool({ name: 'Edit', input, context });
  const read = (name: string, partial = false) => recordFileRead(context, file(name), { partial });
  return { context, file, edit, read };
}

describe('Edit', () => {
  it('replaces a unique string and answers with a numbered snippet and a structured patch', async () => {
    const { file, edit, read } = setup({ files: { 'a.ts': 'const a = 1;\nconst b = 2;\nconst c = 3;\n' } });
    await read('a.ts');
    const { result } = await edit({ file_path: file('a.ts'), old_string: 'const b = 2;', new_string: 'const b = 20;' });
    expect(result.status).toBe('ok');
    expect(readFileSync(file('a.ts'), 'utf8')).toBe('const a = 1;\nconst b = 20;\nconst c = 3;\n');
    expect(resultText(result)).toContain('has been updated');
    expect(resultText(result)).toContain('\n2\tconst b = 20;');
    const output = result.output as EditOutput;
    expect(output).toMatchObject({ type: 'update', filePath: file('a.ts'), replaceAll: false, originalFile: 'const a = 1;\nconst b = 2;\nconst c = 3;\n' });
    expect(output.structuredPatch).toEqual([
      { oldStart: 1, oldLines: 3, newStart: 1, newLines: 3, lines: [' const a = 1;', '-const b = 2;', '+const b = 20;', ' const c = 3;'] },
    ]);
    expect(output.gitDiff).toBeUndefined();
  });

  it('does not interpret $ patterns in new_string', async () => {
    const { file, edit, read } = setup({ files: { 'a.txt': 'x\n' } });
    await read('a.txt');
    await edit({ file_path: file('a.txt'), old_string: 'x', new_string: "$& $' $1" });
    expect(readFileSync(file('a.txt'), 'utf8')).toBe("$& $' $1\n");
  });

  describe('refusals (validateInput: nothing is written)', () => {
    const cases: Array<{ name: string; phrase: string; code: number; prepare: (s: ReturnType<typeof setup>) => Promise<Record<string, unknown>> }> = [
      { name: 'a relative path', phrase: 'absolute path', code: EDIT_ERRORS.relativePath, prepare: async () => ({ file_path: 'a.txt', old_string: 'a', new_string: 'b' }) },
      { name: 'identical strings', phrase: 'No changes to make', code: EDIT_ERRORS.noChange, prepare: async (s) => (await s.read('a.txt'), { file_path: s.file('a.txt'), old_string: 'alpha', new_string: 'alpha' }) },
      { name: 'a missing file', phrase: 'File does not exist', code: EDIT_ERRORS.fileMissing, prepare: async (s) => ({ file_path: s.file('nope.txt'), old_string: 'a', new_string: 'b' }) },
      { name: 'a directory', phrase: 'is a directory', code: EDIT_ERRORS.isDirectory, prepare: async (s) => (mkdirSync(s.file('dir')), { file_path: s.file('dir'), old_string: 'a', new_string: 'b' }) },
      { name: 'a file never read', phrase: 'File has not been read yet', code: EDIT_ERRORS.notRead, prepare: async (s) => ({ file_path: s.file('a.txt'), old_string: 'alpha', new_string: 'beta' }) },
      { name: 'a partial read', phrase: 'File has not been read yet', code: EDIT_ERRORS.notRead, prepare: async (s) => (await s.read('a.txt', true), { file_path: s.file('a.txt'), old_string: 'alpha', new_string: 'beta' }) },
      {
        name: 'a file modified since read',
        phrase: 'File has been modified since read',
        code: EDIT_ERRORS.modified,
        prepare: async (s) => {
          await s.read('a.txt');
          const later = new Date(Date.now() + 5_000);
          utimesSync(s.file('a.txt'), later, later);
          return { file_path: s.file('a.txt'), old_string: 'alpha', new_string: 'beta' };
        },
      },
      { name: 'a string not found', phrase: 'String to replace not found in file.', code: EDIT_ERRORS.notFound, prepare: async (s) => (await s.read('a.txt'), { file_path: s.file('a.txt'), old_string: 'gamma', new_string: 'beta' }) },
      { name: 'several matches', phrase: 'Found 2 matches of the string to replace, but replace_all is false', code: EDIT_ERRORS.multipleMatches, prepare: async (s) => (await s.read('a.txt'), { file_path: s.file('a.txt'), old_string: 'alpha', new_string: 'beta' }) },
      { name: 'creating over an existing file', phrase: 'file already exists', code: EDIT_ERRORS.fileExists, prepare: async (s) => (await s.read('a.txt'), { file_path: s.file('a.txt'), old_string: '', new_string: 'beta' }) },
      { name: 'a binary file', phrase: 'binary', code: EDIT_ERRORS.notText, prepare: async (s) => (writeFileSync(s.file('b.bin'), Buffer.from([1, 0, 2])), await s.read('b.bin'), { file_path: s.file('b.bin'), old_string: 'a', new_string: 'b' }) },
    ];
    for (const testCase of cases) {
      it(`refuses ${testCase.name}`, async () => {
        const s = setup({ files: { 'a.txt': 'alpha\nalpha\n' } });
        const input = await testCase.prepare(s);
        const { result } = await s.edit(input);
        expect(result.isError).toBe(true);
        expect(result.status).toBe('invalid-input');
        expect(resultText(result)).toContain(testCase.phrase);
        expect(readFileSync(s.file('a.txt'), 'utf8')).toBe('alpha\nalpha\n');
        const planned = await planEdit({ replace_all: false, ...input } as never, s.context);
        expect(planned.ok === false && planned.errorCode).toBe(testCase.code);
      });
    }
  });

  it('replaces every occurrence with replace_all', async () => {
    const { file, edit, read } = setup({ files: { 'a.txt': 'foo bar foo\nfoo\n' } });
    await read('a.txt');
    const { result } = await edit({ file_path: file('a.txt'), old_string: 'foo', new_string: 'baz', replace_all: true });
    expect(result.status).toBe('ok');
    expect(readFileSync(file('a.txt'), 'utf8')).toBe('baz bar baz\nbaz\n');
    expect((result.output as EditOutput).replacements).toBe(3);
    expect(resultText(result)).toContain('All 3 occurrences were successfully replaced');
  });

  it('allows consecutive edits after one read', async () => {
    const { file, edit, read } = setup({ files: { 'a.txt': 'one\ntwo\nthree\n' } });
    await read('a.txt');
    expect((await edit({ file_path: file('a.txt'), old_string: 'one', new_string: '1' })).result.status).toBe('ok');
    expect((await edit({ file_path: file('a.txt'), old_string: 'two', new_string: '2' })).result.status).toBe('ok');
    expect((await edit({ file_path: file('a.txt'), old_string: 'three', new_string: '3' })).result.status).toBe('ok');
    expect(readFileSync(file('a.txt'), 'utf8')).toBe('1\n2\n3\n');
  });

  it('creates a missing file (and its directories) from an empty old_string without a read', async () => {
    const { file, edit } = setup();
    const { result } = await edit({ file_path: file('src/new.ts'), old_string: '', new_string: 'export {};\n' });
    expect(result.status).toBe('ok');
    expect(readFileSync(file('src/new.ts'), 'utf8')).toBe('export {};\n');
    expect(result.output).toMatchObject({ type: 'create' });
    expect(resultText(result)).toContain('File created successfully');
  });

  it('matches LF old_string in a CRLF file and writes CRLF back', async () => {
    const { file, edit, read } = setup({ files: { 'w.txt': 'a\r\nb\r\nc\r\n' } });
    await read('w.txt');
    const { result } = await edit({ file_path: file('w.txt'), old_string: 'a\nb', new_string: 'A\nB\nB2' });
    expect(result.status).toBe('ok');
    expect(readFileSync(file('w.txt'), 'utf8')).toBe('A\r\nB\r\nB2\r\nc\r\n');
    await edit({ file_path: file('w.txt'), old_string: 'c', new_string: 'c\nd' });
    expect(readFileSync(file('w.txt'), 'utf8')).toBe('A\r\nB\r\nB2\r\nc\r\nd\r\n');
  });

  it('matches CRLF old_string in an LF file', async () => {
    const { file, edit, read } = setup({ files: { 'u.txt': 'a\nb\n' } });
    await read('u.txt');
    await edit({ file_path: file('u.txt'), old_string: 'a\r\nb', new_string: 'x\r\ny' });
    expect(readFileSync(file('u.txt'), 'utf8')).toBe('x\ny\n');
  });

  it('keeps a UTF-8 BOM and UTF-16LE encoding', async () => {
    const { file, edit, read } = setup({
      files: { 'bom.txt': encodeText('héllo\n', 'utf8-bom'), 'wide.txt': encodeText('héllo wörld\r\n', 'utf16le') },
    });
    await read('bom.txt');
    await read('wide.txt');
    expect((await edit({ file_path: file('bom.txt'), old_string: 'héllo', new_string: 'hi' })).result.status).toBe('ok');
    expect(readFileSync(file('bom.txt'))).toEqual(encodeText('hi\n', 'utf8-bom'));
    expect((await edit({ file_path: file('wide.txt'), old_string: 'wörld', new_string: 'wörld\nagain' })).result.status).toBe('ok');
    expect(readFileSync(file('wide.txt'))).toEqual(encodeText('héllo wörld\r\nagain\r\n', 'utf16le'));
  });

  it('keeps the trailing-newline state', async () => {
    const { file, edit, read } = setup({ files: { 'with.txt': 'a\nb\n', 'without.txt': 'a\nb' } });
    await read('with.txt');
    await read('without.txt');
    await edit({ file_path: file('with.txt'), old_string: 'b\n', new_string: 'c' });
    expect(readFileSync(file('with.txt'), 'utf8')).toBe('a\nc\n');
    await edit({ file_path: file('without.txt'), old_string: 'b', new_string: 'c\n' });
    expect(readFileSync(file('without.txt'), 'utf8')).toBe('a\nc');
  });

  it('keeps the file mode (755 stays 755)', async () => {
    const { file, edit, read } = setup({ files: { 'run.sh': '#!/bin/sh\necho hi\n' } });
    chmodSync(file('run.sh'), 0o755);
    await read('run.sh');
    await edit({ file_path: file('run.sh'), old_string: 'hi', new_string: 'hello' });
    expect(statSync(file('run.sh')).mode & 0o777).toBe(0o755);
  });

  it('edits the target of a symlink', async () => {
    const { file, edit, read } = setup({ files: { 'real.txt': 'old\n' } });
    symlinkSync(file('real.txt'), file('link.txt'));
    await read('link.txt');
    expect((await edit({ file_path: file('link.txt'), old_string: 'old', new_string: 'new' })).result.status).toBe('ok');
    expect(readFileSync(file('real.txt'), 'utf8')).toBe('new\n');
    expect(readdirSync(path.dirname(file('real.txt'))).sort()).toEqual(['link.txt', 'real.txt']);
  });

  it('refuses at call time when the file changed after validation (a PreToolUse hook touches it)', async () => {
    const s = setup({ files: { 'a.txt': 'keep\n' } });
    const hook = defineHook({
      event: 'PreToolUse',
      handler: () => {
        writeFileSync(s.file('a.txt'), 'keep, changed by a linter\n');
        return {};
      },
    });
    const context = { ...s.context, hooks: [hook] };
    await s.read('a.txt');
    const { result } = await runTool({ name: 'Edit', input: { file_path: s.file('a.txt'), old_string: 'keep', new_string: 'lost' }, context });
    expect(result.isError).toBe(true);
    expect(resultText(result)).toContain('modified since read');
    expect(readFileSync(s.file('a.txt'), 'utf8')).toBe('keep, changed by a linter\n');
  });

  describe('git state', () => {
    function repo() {
      const s = setup();
      const git = (...args: string[]) => execFileSync('git', args, { cwd: s.context.cwd, stdio: 'pipe' });
      git('init', '-q');
      git('config', 'user.name', 'Test');
      git('config', 'user.email', 'test@example.com');
      writeFileSync(s.file('tracked.txt'), 'one\n');
      git('add', 'tracked.txt');
      git('commit', '-q', '-m', 'init');
      writeFileSync(s.file('untracked.txt'), 'one\n');
      return s;
    }

    it('includes the git diff of a tracked file', async () => {
      const { file, edit, read, context } = repo();
      await read('tracked.txt');
      const { result } = await edit({ file_path: file('tracked.txt'), old_string: 'one', new_string: 'two' });
      const gitDiff = (result.output as EditOutput).gitDiff;
      expect(gitDiff).toMatchObject({ tracked: true });
      expect(gitDiff?.repoRoot).toBe(execFileSync('git', ['rev-parse', '--show-toplevel'], { cwd: context.cwd }).toString().trim());
      expect(gitDiff?.diff).toContain('-one');
      expect(gitDiff?.diff).toContain('+two');
    });

    it('marks an untracked file', async () => {
      const { file, edit, read } = repo();
      await read('untracked.txt');
      const { result } = await edit({ file_path: file('untracked.txt'), old_string: 'one', new_string: 'two' });
      expect((result.output as EditOutput).gitDiff).toEqual({ tracked: false, repoRoot: expect.any(String) });
    });
  });

  describe('permissions', () => {
    it('asks in default mode (the test canUseTool denies): nothing written', async () => {
      const { file, edit, read } = setup({ mode: 'default', files: { 'a.txt': 'x\n' } });
      await read('a.txt');
      const { result } = await edit({ file_path: file('a.txt'), old_string: 'x', new_string: 'y' });
      expect(result.status).toBe('denied');
      expect(readFileSync(file('a.txt'), 'utf8')).toBe('x\n');
    });

    it('allows with an Edit allow rule in default mode', async () => {
      const context = createTestContext({ tools: [editTool], allow: ['Edit'] });
      const target = path.join(context.cwd, 'a.txt');
      writeFileSync(target, 'x\n');
      await recordFileRead(context, target);
      const { result } = await runTool({ name: 'Edit', input: { file_path: target, old_string: 'x', new_string: 'y' }, context });
      expect(result.status).toBe('ok');
    });

    it('always asks for a write into .git/, even in acceptEdits', async () => {
      const { file, edit, read } = setup();
      mkdirSync(file('.git'));
      writeFileSync(file('.git/config'), '[core]\n');
      await read('.git/config');
      const { result } = await edit({ file_path: file('.git/config'), old_string: '[core]', new_string: '[core]\n\thooksPath = /tmp' });
      expect(result.status).toBe('denied');
      expect(readFileSync(file('.git/config'), 'utf8')).toBe('[core]\n');
    });

    it('asks for a write outside the working directory in acceptEdits', async () => {
      const outside = setup({ files: { 'o.txt': 'x\n' } });
      const { context } = setup();
      await recordFileRead(context, outside.file('o.txt'));
      const { result } = await runTool({ name: 'Edit', input: { file_path: outside.file('o.txt'), old_string: 'x', new_string: 'y' }, context });
      expect(result.status).toBe('denied');
      expect(readFileSync(outside.file('o.txt'), 'utf8')).toBe('x\n');
    });
  });

  it('describes itself', () => {
    expect(editTool.isReadOnly({} as never)).toBe(false);
    expect(editTool.isConcurrencySafe({} as never)).toBe(false);
    expect(editTool.strict).toBe(true);
    expect(editTool.getActivityDescription({ file_path: '/x/a.ts' })).toBe('Editing a.ts');
    const rendered = editTool.renderToolResultMessage(
      { filePath: '/x/a.ts', type: 'update', structuredPatch: [{ oldStart: 1, oldLines: 1, newStart: 1, newLines: 2, lines: ['-a', '+b', '+c'] }], oldString: 'a', newString: 'b\nc', replaceAll: false, replacements: 1, userModified: false },
      { verbose: false, color: false },
    );
    expect(rendered).toBe('Updated /x/a.ts: +2 -1');
  });
});
