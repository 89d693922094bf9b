import { execFileSync } from 'node:child_process';
import { linkSync, mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFileSessionStore } from '../../src/transcripts/create-file-session-store.ts';
import type { SessionStore, TranscriptEntry } from '../../src/transcripts/types.ts';
import { readToolResultText } from '../../src/ui/server/sessions/read-tool-result-text.ts';

// `GET /api/sessions/:id/results/:toolUseId` reads a large result from the file its transcript names. A
// hostile transcript (or a folder an attacker can write into) names anything: only a regular file inside that
// session's own folder is read; `..`, an absolute path elsewhere, another session's folder, a link (the file,
// or a folder on the way, or swapped in while reading), a hard link, a FIFO: refused with a code, nothing read.

const SECRET = 'the other session\'s secret';
let root: string;
let directory: string;
let store: SessionStore;
beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'codev-ui-results-'));
  directory = path.join(root, '.codev', 'sessions');
  mkdirSync(path.join(directory, 'other', 'tool-results'), { recursive: true });
  writeFileSync(path.join(directory, 'other', 'tool-results', 'secret.txt'), SECRET);
  writeFileSync(path.join(root, 'outside.txt'), SECRET);
  store = createFileSessionStore({ directory });
});
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

/** A session whose call `toolu_x` names `persistedPath` as its saved result, in its record or only in its preview. */
async function hostileSession(id: string, persistedPath: string, options: { inPreviewOnly?: boolean } = {}): Promise<void> {
  const at = '2026-01-01T00:00:00.000Z';
  const entries: TranscriptEntry[] = [
    { type: 'message', uuid: 'u1', timestamp: at, message: { role: 'user', content: 'go' } },
    { type: 'message', uuid: 'a1', timestamp: at, message: { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_x', name: 'Big', input: {} }] } },
    ...(options.inPreviewOnly ? [] : [{ type: 'record', timestamp: at, record: { kind: 'tool-call', toolUseId: 'toolu_x', toolName: 'Big', isError: false, durationMs: 1, persistedPath } } as TranscriptEntry]),
    { type: 'message', uuid: 'r1', timestamp: at, message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_x', content: `<persisted-output>\nOutput too large (9KB). Full output saved to: ${persistedPath}\n\nPreview (first 2KB):\nthe preview\n</persisted-output>` }] } },
  ];
  const writer = await store.open({ id, metadata: { id, cwd: root, model: 'claude-test', codevVersion: '0.0.0', createdAt: at } });
  await writer.append(entries);
  await writer.close();
}

const read = (id: string) => readToolResultText({ store, sessionsDirectory: directory, id, toolUseId: 'toolu_x' });

describe('a saved result named by a hostile transcript', () => {
  it('reads a regular file of the session\'s own folder', async () => {
    mkdirSync(path.join(directory, 'mine', 'tool-results'), { recursive: true });
    writeFileSync(path.join(directory, 'mine', 'tool-results', 'toolu_x.txt'), 'the whole result');
    await hostileSession('mine', path.join(directory, 'mine', 'tool-results', 'toolu_x.txt'));
    expect(await read('mine')).toEqual({ toolUseId: 'toolu_x', text: 'the whole result', truncated: false });
  });

  it('refuses `..`, an absolute path elsewhere and another session\'s folder (PERMISSION_DENIED), from the record or the preview', async () => {
    const paths = [
      path.join(directory, 'mine') + '/tool-results/../../other/tool-results/secret.txt',
      '/etc/passwd',
      path.join(root, 'outside.txt'),
      path.join(directory, 'other', 'tool-results', 'secret.txt'),
      'tool-results/secret.txt',
      path.join(directory, 'mine'),
    ];
    for (const [index, persistedPath] of paths.entries()) {
      await hostileSession(`record-${index}`, persistedPath);
      await hostileSession(`preview-${index}`, persistedPath, { inPreviewOnly: true });
      await expect(read(`record-${index}`), persistedPath).rejects.toMatchObject({ code: 'PERMISSION_DENIED' });
      await expect(read(`preview-${index}`), persistedPath).rejects.toMatchObject({ code: 'PERMISSION_DENIED' });
    }
  });

  it('refuses a link as the file (FILE_NOT_REGULAR), a linked folder on the way and a hard link (PERMISSION_DENIED)', async () => {
    mkdirSync(path.join(directory, 'linked', 'tool-results'), { recursive: true });
    symlinkSync(path.join(directory, 'other', 'tool-results', 'secret.txt'), path.join(directory, 'linked', 'tool-results', 'toolu_x.txt'));
    await hostileSession('linked', path.join(directory, 'linked', 'tool-results', 'toolu_x.txt'));
    await expect(read('linked')).rejects.toMatchObject({ code: 'FILE_NOT_REGULAR' });

    mkdirSync(path.join(directory, 'via'));
    symlinkSync(path.join(directory, 'other', 'tool-results'), path.join(directory, 'via', 'tool-results'));
    await hostileSession('via', path.join(directory, 'via', 'tool-results', 'secret.txt'));
    await expect(read('via')).rejects.toMatchObject({ code: 'PERMISSION_DENIED' });

    symlinkSync(path.join(directory, 'other'), path.join(directory, 'folder-link'));
    await hostileSession('folder-link', path.join(directory, 'folder-link', 'tool-results', 'secret.txt'));
    await expect(read('folder-link')).rejects.toMatchObject({ code: 'PERMISSION_DENIED' });

    mkdirSync(path.join(directory, 'hard', 'tool-results'), { recursive: true });
    linkSync(path.join(directory, 'other', 'tool-results', 'secret.txt'), path.join(directory, 'hard', 'tool-results', 'toolu_x.txt'));
    await hostileSession('hard', path.join(directory, 'hard', 'tool-results', 'toolu_x.txt'));
    await expect(read('hard')).rejects.toMatchObject({ code: 'PERMISSION_DENIED' });
  });

  it('refuses a FIFO and a link to /dev/zero without waiting or reading forever', async () => {
    mkdirSync(path.join(directory, 'fifo', 'tool-results'), { recursive: true });
    execFileSync('mkfifo', [path.join(directory, 'fifo', 'tool-results', 'toolu_x.txt')]);
    await hostileSession('fifo', path.join(directory, 'fifo', 'tool-results', 'toolu_x.txt'));
    await expect(read('fifo')).rejects.toMatchObject({ code: 'FILE_NOT_REGULAR' });
    mkdirSync(path.join(directory, 'zero', 'tool-results'), { recursive: true });
    symlinkSync('/dev/zero', path.join(directory, 'zero', 'tool-results', 'toolu_x.txt'));
    await hostileSession('zero', path.join(directory, 'zero', 'tool-results', 'toolu_x.txt'));
    await expect(read('zero')).rejects.toMatchObject({ code: 'FILE_NOT_REGULAR' });
  });

  it('never reads the secret while a link to it is swapped in and out of the file\'s place', async () => {
    const results = path.join(directory, 'swap', 'tool-results');
    mkdirSync(results, { recursive: true });
    const file = path.join(results, 'toolu_x.txt');
    await hostileSession('swap', file);
    const plain = path.join(results, 'plain.tmp');
    const link = path.join(results, 'link.tmp');
    let swapping = true;
    const swapper = (async () => {
      for (let round = 0; swapping; round++) {
        writeFileSync(plain, 'the whole result');
        renameSync(plain, file);
        await new Promise((resolve) => setImmediate(resolve));
        symlinkSync(path.join(directory, 'other', 'tool-results', 'secret.txt'), link);
        renameSync(link, file);
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const outcomes = new Map<string, number>();
    try {
      for (let attempt = 0; attempt < 300; attempt++) {
        const outcome = await read('swap').then((result) => result.text, (error: { code?: string }) => error.code ?? String(error));
        outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
      }
    } finally {
      swapping = false;
      await swapper;
    }
    expect([...outcomes.keys()].every((outcome) => ['the whole result', 'FILE_NOT_REGULAR', 'PERMISSION_DENIED', 'SESSION_NOT_FOUND'].includes(outcome)), JSON.stringify([...outcomes])).toBe(true);
    expect(outcomes.has(SECRET)).toBe(false);
  });

  it('refuses a session id that is a path', async () => {
    await expect(readToolResultText({ store, sessionsDirectory: directory, id: '../other', toolUseId: 'toolu_x' })).rejects.toMatchObject({ code: 'SESSION_NOT_FOUND' });
  });
});
