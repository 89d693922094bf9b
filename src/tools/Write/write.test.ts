import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { recordFileRead } from '../../files/file-state.ts';
import { encodeText } from '../../files/text-encoding.ts';
import type { PermissionMode } from '../../permissions/types.ts';
import { createTestContext } from '../../testing/create-test-context.ts';
import { resultText, runTool } from '../../testing/run-tool.ts';
import { editTool } from '../Edit/index.ts';
import { writeTool, type WriteOutput } from './index.ts';

function setup(options: { mode?: PermissionMode; files?: Record<string, string | Buffer> } = {}) {
  const context = createTestContext({ tools: [writeTool, editTool], mode: options.mode ?? 'acceptEdits' });
  const file = (name: string) => path.join(context.cwd, name);
  for (const [name, content] of Object.entries(options.files ?? {})) writeFileSync(file(name), content);
  const write = (input: Record<string, unknown>) => runTool({ name: 'Write', input, context });
  const read = (name: string, partial = false) => recordFileRead(context, file(name), { partial });
  return { context, file, write, read };
}

describe('Write', () => {
  it('creates a new file (and its directories) without a read', async () => {
    const { file, write } = setup();
    const { result } = await write({ file_path: file('pkg/new.txt'), content: 'hello\n' });
    expect(result.status).toBe('ok');
    expect(readFileSync(file('pkg/new.txt'), 'utf8')).toBe('hello\n');
    expect(result.output).toMatchObject({ type: 'create', filePath: file('pkg/new.txt'), structuredPatch: [] });
    expect(resultText(result)).toBe(`File created successfully at: ${file('pkg/new.txt')}`);
  });

  it('overwrites a file read in full, with a patch and a snippet', async () => {
    const { file, write, read } = setup({ files: { 'a.txt': 'one\ntwo\n' } });
    await read('a.txt');
    const { result } = await write({ file_path: file('a.txt'), content: 'one\nthree\n' });
    expect(result.status).toBe('ok');
    const output = result.output as WriteOutput;
    expect(output).toMatchObject({ type: 'update', originalFile: 'one\ntwo\n' });
    expect(output.structuredPatch[0]?.lines).toEqual([' one', '-two', '+three']);
    expect(resultText(result)).toContain('\n2\tthree');
  });

  it('refuses a relative path, a directory, an unread, partially read or modified file', async () => {
    const { file, write, read } = setup({ files: { 'a.txt': 'x\n' } });
    mkdirSync(file('dir'));
    const expectRefused = async (input: Record<string, unknown>, phrase: string) => {
      const { result } = await write(input);
      expect(result.status).toBe('invalid-input');
      expect(resultText(result)).toContain(phrase);
    };
    await expectRefused({ file_path: 'a.txt', content: 'y' }, 'absolute path');
    await expectRefused({ file_path: file('dir'), content: 'y' }, 'is a directory');
    await expectRefused({ file_path: file('a.txt'), content: 'y' }, 'File has not been read yet');
    await read('a.txt', true);
    await expectRefused({ file_path: file('a.txt'), content: 'y' }, 'File has not been read yet');
    await read('a.txt');
    const later = new Date(Date.now() + 5_000);
    utimesSync(file('a.txt'), later, later);
    await expectRefused({ file_path: file('a.txt'), content: 'y' }, 'File has been modified since read');
    expect(readFileSync(file('a.txt'), 'utf8')).toBe('x\n');
  });

  it('keeps CRLF line endings, the BOM, UTF-16 and the mode of the file it overwrites', async () => {
    const { file, write, read } = setup({
      files: { 'crlf.txt': 'a\r\nb\r\n', 'bom.txt': encodeText('a\n', 'utf8-bom'), 'wide.txt': encodeText('a\r\n', 'utf16le'), 'run.sh': 'echo\n' },
    });
    chmodSync(file('run.sh'), 0o755);
    for (const name of ['crlf.txt', 'bom.txt', 'wide.txt', 'run.sh']) await read(name);
    await write({ file_path: file('crlf.txt'), content: 'x\ny\n' });
    await write({ file_path: file('bom.txt'), content: 'x\n' });
    await write({ file_path: file('wide.txt'), content: 'x\ny\n' });
    await write({ file_path: file('run.sh'), content: 'echo hi\n' });
    expect(readFileSync(file('crlf.txt'), 'utf8')).toBe('x\r\ny\r\n');
    expect(readFileSync(file('bom.txt'))).toEqual(encodeText('x\n', 'utf8-bom'));
    expect(readFileSync(file('wide.txt'))).toEqual(encodeText('x\r\ny\r\n', 'utf16le'));
    expect(statSync(file('run.sh')).mode & 0o777).toBe(0o755);
  });

  it('lets an Edit follow a Write without another read', async () => {
    const { file, write, context } = setup();
    await write({ file_path: file('a.txt'), content: 'one\n' });
    const { result } = await runTool({ name: 'Edit', input: { file_path: file('a.txt'), old_string: 'one', new_string: 'two' }, context });
    expect(result.status).toBe('ok');
    expect(readFileSync(file('a.txt'), 'utf8')).toBe('two\n');
  });

  it('records the git state: tracked with a diff, untracked', async () => {
    const { file, write, read, context } = setup();
    const git = (...args: string[]) => execFileSync('git', args, { cwd: context.cwd, stdio: 'pipe' });
    git('init', '-q');
    git('config', 'user.name', 'Test');
    git('config', 'user.email', 'test@example.com');
    writeFileSync(file('t.txt'), 'one\n');
    git('add', 't.txt');
    git('commit', '-q', '-m', 'init');
    await read('t.txt');
    const tracked = await write({ file_path: file('t.txt'), content: 'two\n' });
    expect((tracked.result.output as WriteOutput).gitDiff).toMatchObject({ tracked: true, diff: expect.stringContaining('+two') });
    const untracked = await write({ file_path: file('u.txt'), content: 'x\n' });
    expect((untracked.result.output as WriteOutput).gitDiff).toMatchObject({ tracked: false });
  });

  it('asks in default mode (denied by the test prompt) and always asks inside .git/', async () => {
    const plain = setup({ mode: 'default' });
    expect((await plain.write({ file_path: plain.file('a.txt'), content: 'x' })).result.status).toBe('denied');
    const accept = setup();
    expect((await accept.write({ file_path: accept.file('.git/hooks/pre-commit'), content: 'x' })).result.status).toBe('denied');
    expect((await accept.write({ file_path: accept.file('ok.txt'), content: 'x' })).result.status).toBe('ok');
  });

  it('is destructive only when it overwrites', () => {
    const { file } = setup({ files: { 'a.txt': 'x' } });
    expect(writeTool.isDestructive({ file_path: file('a.txt'), content: '' })).toBe(true);
    expect(writeTool.isDestructive({ file_path: file('b.txt'), content: '' })).toBe(false);
    expect(writeTool.getActivityDescription({ file_path: file('a.txt') })).toBe('Writing a.txt');
    expect(writeTool.renderToolResultMessage({ filePath: '/x/a', type: 'create', structuredPatch: [], content: 'a\nb\n' }, { verbose: false, color: false })).toBe('Created /x/a (2 lines)');
  });
});
