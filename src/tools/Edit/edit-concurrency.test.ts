import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { recordFileRead } from '../../files/file-state.ts';
import { createTestContext } from '../../testing/create-test-context.ts';
import { runTool } from '../../testing/run-tool.ts';
import { writeTool } from '../Write/index.ts';
import { editTool } from './index.ts';

const lines = (count: number) => Array.from({ length: count }, (_, index) => `line ${index}: old`).join('\n') + '\n';

describe('Edit and Write of one file at the same time', () => {
  it('applies every one of 20 parallel edits by one session, each to what the one before wrote', async () => {
    const context = createTestContext({ tools: [editTool], mode: 'acceptEdits' });
    const file = path.join(context.cwd, 'a.txt');
    writeFileSync(file, lines(20));
    await recordFileRead(context, file);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, index) => runTool({ name: 'Edit', input: { file_path: file, old_string: `line ${index}: old`, new_string: `line ${index}: new` }, context })),
    );
    expect(results.map(({ result }) => result.status)).toEqual(Array(20).fill('ok'));
    expect(readFileSync(file, 'utf8')).toBe(lines(20).replaceAll(': old', ': new'));
  });

  it('fails the edit of a session that read the file before another session wrote it, with FILE_CONFLICT', async () => {
    const first = createTestContext({ tools: [editTool], mode: 'acceptEdits' });
    const second = createTestContext({ tools: [editTool], mode: 'acceptEdits', cwd: first.cwd });
    const file = path.join(first.cwd, 'a.txt');
    writeFileSync(file, lines(2));
    await recordFileRead(first, file);
    await recordFileRead(second, file);
    const [one, two] = await Promise.all([
      runTool({ name: 'Edit', input: { file_path: file, old_string: 'line 0: old', new_string: 'line 0: first' }, context: first }),
      runTool({ name: 'Edit', input: { file_path: file, old_string: 'line 1: old', new_string: 'line 1: second' }, context: second }),
    ]);
    const winner = one.result.status === 'ok' ? 'first' : 'second';
    const loser = winner === 'first' ? two : one;
    expect([one, two].filter(({ result }) => result.status === 'ok')).toHaveLength(1);
    expect(loser.result.errorCode).toBe('FILE_CONFLICT');
    expect(readFileSync(file, 'utf8')).toBe(winner === 'first' ? 'line 0: first\nline 1: old\n' : 'line 0: old\nline 1: second\n');
  });

  it('does the same for a Write racing an Edit from another session', async () => {
    const editor = createTestContext({ tools: [editTool], mode: 'acceptEdits' });
    const writer = createTestContext({ tools: [writeTool], mode: 'acceptEdits', cwd: editor.cwd });
    const file = path.join(editor.cwd, 'a.txt');
    writeFileSync(file, lines(2));
    await recordFileRead(editor, file);
    await recordFileRead(writer, file);
    const [edit, write] = await Promise.all([
      runTool({ name: 'Edit', input: { file_path: file, old_string: 'line 0: old', new_string: 'line 0: edited' }, context: editor }),
      runTool({ name: 'Write', input: { file_path: file, content: 'written\n' }, context: writer }),
    ]);
    const [winner, loser] = edit.result.status === 'ok' ? [edit, write] : [write, edit];
    expect(winner.result.status).toBe('ok');
    expect(loser.result.errorCode).toBe('FILE_CONFLICT');
    expect(readFileSync(file, 'utf8')).toBe(winner === edit ? 'line 0: edited\nline 1: old\n' : 'written\n');
  });
});
