import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { recordFileRead } from '../../files/file-state.ts';
import { createTestContext } from '../../testing/create-test-context.ts';
import { resultText, runTool } from '../../testing/run-tool.ts';
import { writeTool } from '../Write/index.ts';
import { editTool } from './index.ts';

const failure = vi.hoisted(() => ({ rename: false }));

vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs/promises')>();
  return {
    ...actual,
    rename: (from: string, to: string) =>
      failure.rename ? Promise.reject(Object.assign(new Error('EIO: i/o error, rename (simulated)'), { code: 'EIO' })) : actual.rename(from, to),
  };
});

describe('Edit and Write when the disk fails', () => {
  it('leave the original intact, remove the temp file and report an error', async () => {
    const context = createTestContext({ tools: [editTool, writeTool], mode: 'acceptEdits' });
    const file = path.join(context.cwd, 'a.txt');
    writeFileSync(file, 'original\n');
    await recordFileRead(context, file);
    failure.rename = true;
    try {
      const edit = await runTool({ name: 'Edit', input: { file_path: file, old_string: 'original', new_string: 'changed' }, context });
      expect(edit.result.status).toBe('error');
      expect(resultText(edit.result)).toContain('EIO');
      const write = await runTool({ name: 'Write', input: { file_path: file, content: 'replaced' }, context });
      expect(write.result.status).toBe('error');
    } finally {
      failure.rename = false;
    }
    expect(readFileSync(file, 'utf8')).toBe('original\n');
    expect(readdirSync(context.cwd)).toEqual(['a.txt']);
    // The failed write did not count as a write: the read record still matches, so the edit can be retried.
    const retry = await runTool({ name: 'Edit', input: { file_path: file, old_string: 'original', new_string: 'changed' }, context });
    expect(retry.result.status).toBe('ok');
    expect(readFileSync(file, 'utf8')).toBe('changed\n');
  });
});
