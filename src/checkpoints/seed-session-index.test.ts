import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { seedSessionIndex } from './seed-session-index.ts';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function indexesFolder(): { indexes: string; outside: string } {
  const base = mkdtempSync(path.join(os.tmpdir(), 'codev-seed-'));
  folders.push(base);
  const indexes = path.join(base, 'store', 'indexes');
  const outside = path.join(base, 'outside');
  mkdirSync(indexes, { recursive: true });
  mkdirSync(outside);
  writeFileSync(path.join(outside, 'root-index'), 'not the store');
  return { indexes, outside };
}

it("seeds a new session's index from another session's real index file of the store", async () => {
  const { indexes } = indexesFolder();
  mkdirSync(path.join(indexes, 'earlier'));
  writeFileSync(path.join(indexes, 'earlier', 'root-index'), 'the earlier index');
  mkdirSync(path.join(indexes, 'new'));
  const index = path.join(indexes, 'new', 'root-index');
  expect(await seedSessionIndex({ indexes, sessionId: 'new', index })).toBe(true);
  expect(readFileSync(index, 'utf8')).toBe('the earlier index');
});

it('never seeds from a link planted in the store: a session folder or an index file that leads outside it', async () => {
  const { indexes, outside } = indexesFolder();
  symlinkSync(outside, path.join(indexes, 'linked-folder'));
  mkdirSync(path.join(indexes, 'linked-file'));
  symlinkSync(path.join(outside, 'root-index'), path.join(indexes, 'linked-file', 'root-index'));
  mkdirSync(path.join(indexes, 'new'));
  expect(await seedSessionIndex({ indexes, sessionId: 'new', index: path.join(indexes, 'new', 'root-index') })).toBe(false);
});
