import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CodevError } from '../../errors/codev-error.ts';
import { readPromptsFile } from './read-prompts-file.ts';

let folder: string;
beforeEach(() => void (folder = mkdtempSync(path.join(os.tmpdir(), 'codev-prompts-'))));
afterEach(() => rmSync(folder, { recursive: true, force: true }));

async function failure(text: string): Promise<CodevError> {
  writeFileSync(path.join(folder, 'tasks.jsonl'), text);
  const error = await readPromptsFile({ file: 'tasks.jsonl', cwd: folder }).then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!CodevError.isInstance(error)) throw new Error(`expected a CodevError, got ${String(error)}`);
  return error;
}

describe('readPromptsFile', () => {
  it('reads one prompt per line, a JSON string or a {"prompt"} object, skipping blank lines', async () => {
    writeFileSync(path.join(folder, 'tasks.jsonl'), '"fix the login test"\n\n  \r\n{"prompt": "update the changelog", "note": "kept out"}\n');
    expect(await readPromptsFile({ file: 'tasks.jsonl', cwd: folder })).toEqual(['fix the login test', 'update the changelog']);
  });

  it('names the file and line of a bad line', async () => {
    for (const bad of ['{"prompt": 3}', 'not json', '"  "', '["a"]', '{}']) {
      const error = await failure(`"fine"\n${bad}\n`);
      expect(error.code).toBe('CLI_USAGE');
      expect(error.location).toBe(`${path.join(folder, 'tasks.jsonl')}:2`);
    }
  });

  it('refuses an empty or missing file', async () => {
    expect((await failure('\n\n')).code).toBe('CLI_USAGE');
    rmSync(path.join(folder, 'tasks.jsonl'));
    expect(await readPromptsFile({ file: 'tasks.jsonl', cwd: folder }).catch((error: CodevError) => error.code)).toBe('CLI_USAGE');
  });
});
