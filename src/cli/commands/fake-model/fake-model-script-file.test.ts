import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CodevError } from '../../../errors/codev-error.ts';
import { readFakeScriptFile } from './fake-model-script-file.ts';

const folder = mkdtempSync(path.join(os.tmpdir(), 'codev-fake-script-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

async function problemOf(name: string, text: string): Promise<CodevError> {
  writeFileSync(path.join(folder, name), text);
  const error = await readFakeScriptFile({ file: name, cwd: folder }).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!CodevError.isInstance(error)) throw new Error(`expected a CodevError, got ${String(error)}`);
  return error;
}

describe('readFakeScriptFile', () => {
  it('reads a JSON array and JSON Lines (blank lines skipped) of replies', async () => {
    writeFileSync(path.join(folder, 'ok.json'), '[{"content":[{"type":"text","text":"a"}]}, {"error":{"status":429,"retryAfterSeconds":0}}]');
    writeFileSync(path.join(folder, 'ok.jsonl'), '{"content":[{"type":"tool_use","name":"Read","input":{"path":"a"}}],"usage":{"outputTokens":3}}\n\n{"content":[],"failAfterEvents":2}\n');
    expect(await readFakeScriptFile({ file: 'ok.json', cwd: folder })).toHaveLength(2);
    expect(await readFakeScriptFile({ file: 'ok.jsonl', cwd: folder })).toHaveLength(2);
  });

  it('names the line of a bad element of a JSON array, nested arrays and strings with brackets notwithstanding', async () => {
    const error = await problemOf('nested.json', '[\n  {"content": [{"type": "text", "text": "[a, {b}]"}]},\n  {"content": [\n    {"type": "text", "text": "x"}\n  ]},\n  {"content": [{"type": "tool_use", "name": "Read"}]}\n]\n');
    expect(error).toMatchObject({ code: 'FAKE_SCRIPT_INVALID', line: 6, field: 'content[0].input' });
    expect(error.file).toBe(path.join(folder, 'nested.json'));
  });

  it('refuses unknown fields, JSON that does not parse, and an empty script', async () => {
    expect(await problemOf('typo.jsonl', '{"contents":[]}\n')).toMatchObject({ code: 'FAKE_SCRIPT_INVALID', line: 1, field: 'contents' });
    expect(await problemOf('broken.jsonl', '{"content":[]}\n{"content":\n')).toMatchObject({ code: 'FAKE_SCRIPT_INVALID', line: 2 });
    expect(await problemOf('empty.jsonl', '\n\n')).toMatchObject({ code: 'FAKE_SCRIPT_INVALID' });
    expect(await problemOf('break.jsonl', '{"content":[],"breakAfterEvents":1}\n')).toMatchObject({ field: 'breakWith' });
  });

  it('refuses what is not a regular file (a FIFO nobody writes, a link to a device, a folder) at once instead of waiting on it or reading it whole', async () => {
    execFileSync('mkfifo', [path.join(folder, 'fifo.jsonl')]);
    symlinkSync('/dev/zero', path.join(folder, 'zero.jsonl'));
    for (const file of ['fifo.jsonl', 'zero.jsonl', '.']) {
      const error = await readFakeScriptFile({ file, cwd: folder }).catch((thrown: unknown) => thrown);
      expect(error).toMatchObject({ code: 'FAKE_SCRIPT_INVALID', file: path.join(folder, file) });
    }
  });
});
