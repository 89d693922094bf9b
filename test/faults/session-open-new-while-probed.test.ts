import { watch } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, expect, it } from 'vitest';
import { CodevError } from '../../src/errors/codev-error.ts';
import { createFileSessionStore } from '../../src/transcripts/create-file-session-store.ts';

// An agent creating its session while another process opens that same id (`codev rewind --dry-run` given the id
// the agent printed, a script polling for it). Opening a session that did not exist yet took its lock before
// finding no transcript, so an agent creating it at that instant got SESSION_BUSY and its query failed (a full
// run of test/faults/rewind-listing-while-running saw it; the window is too short to hit on demand). The rule
// that closes it, checked here as the file system sees it: opening a session that does not exist never makes its
// lock, so only its creator ever holds a new session's lock.

const folders: string[] = [];
afterEach(() => folders.splice(0).forEach((folder) => rmSync(folder, { recursive: true, force: true })));

it('opening a session that does not exist is SESSION_NOT_FOUND and never takes its lock', async () => {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'codev-open-missing-'));
  folders.push(directory);
  const store = createFileSessionStore({ directory });
  // The folder exists and is watched before the opens (the first open makes it otherwise).
  await (await store.open({ id: 'other', metadata: { cwd: directory, createdAt: new Date().toISOString() } as never })).close();
  const seen: string[] = [];
  const watcher = watch(directory, (_event, name) => name && seen.push(String(name)));
  try {
    const codes: string[] = [];
    for (let round = 0; round < 20; round++) {
      const failure = await store.open({ id: 'missing' }).then((writer) => writer.close(), (error: unknown) => error);
      codes.push(CodevError.isInstance(failure) ? failure.code : String(failure));
    }
    expect(new Set(codes)).toEqual(new Set(['SESSION_NOT_FOUND']));
    // fs.watch reports at a later turn of the loop.
    await sleep(200);
    expect(seen.filter((name) => name.startsWith('missing'))).toEqual([]);
  } finally {
    watcher.close();
  }
});
