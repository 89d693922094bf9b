import { readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SESSION_OWNER_FILE } from '../session/session-owner.ts';
import { persistLargeResult } from './persist-large-result.ts';

const roots: string[] = [];
afterEach(async () => {
  await Promise.all(roots.splice(0).map((root) => rm(root, { recursive: true, force: true })));
});

async function temporaryRoot() {
  const root = await mkdtemp(path.join(os.tmpdir(), 'codev-persist-'));
  roots.push(root);
  return root;
}

const mode = (file: string) => statSync(file).mode & 0o777;
const block = (text: string, id = 'toolu_01') => ({ type: 'tool_result' as const, tool_use_id: id, content: text.repeat(Math.ceil(5_000 / text.length)) });

describe('persistLargeResult', () => {
  it('writes the file 0600 and its folders 0700, those made on the way included, and marks a session folder it creates', async () => {
    const root = await temporaryRoot();
    const sessionDirectory = path.join(root, '.codev', 'sessions', 'session-1');
    const persisted = await persistLargeResult({ block: block('x'), threshold: 1_000, sessionDirectory });
    expect(mode(persisted.persistedPath!)).toBe(0o600);
    for (const folder of [path.join(root, '.codev'), path.join(root, '.codev', 'sessions'), sessionDirectory, path.dirname(persisted.persistedPath!)]) expect(mode(folder), folder).toBe(0o700);
    expect(JSON.parse(readFileSync(path.join(sessionDirectory, SESSION_OWNER_FILE), 'utf8'))).toMatchObject({ pid: process.pid });
    expect(mode(path.join(sessionDirectory, SESSION_OWNER_FILE))).toBe(0o600);
  });

  it('gives a reused tool_use id a file of its own, and each preview names its own file', async () => {
    const sessionDirectory = path.join(await temporaryRoot(), 'session');
    const first = await persistLargeResult({ block: block('first '), threshold: 1_000, sessionDirectory });
    const second = await persistLargeResult({ block: block('second '), threshold: 1_000, sessionDirectory });
    const third = await persistLargeResult({ block: block('third '), threshold: 1_000, sessionDirectory });
    expect([first, second, third].map((persisted) => path.basename(persisted.persistedPath!))).toEqual(['toolu_01.txt', 'toolu_01-2.txt', 'toolu_01-3.txt']);
    expect(readFileSync(first.persistedPath!, 'utf8').startsWith('first ')).toBe(true);
    expect(readFileSync(second.persistedPath!, 'utf8').startsWith('second ')).toBe(true);
    expect(second.block.content).toContain(`Full output saved to: ${second.persistedPath}\n`);
    expect(second.block.content).toContain('second second');
  });
});
