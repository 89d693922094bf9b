import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { lutimes } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { lockPathOf } from '../../src/files/acquire-file-lock.ts';
import { addLocalRules } from '../../src/permissions/local-settings.ts';

// The write lock of .codev/settings.local.json names its owner by pid. A server killed (kill -9, the OOM killer)
// while it saved an "allow always" leaves its lock; once its pid is another process's (a container restarted with
// its pids numbered again, pids wrapped), that lock must not hold the file for as long as that process lives: every
// later "allow always" (and Edit or Write of the file) would wait and fail with FILE_CONFLICT.

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

it('a lock whose pid is now a process started after the lock was made is broken, and the rule saved', { timeout: 60_000 }, async () => {
  const project = mkdtempSync(path.join(os.tmpdir(), 'codev-faults-'));
  cleanups.push(() => rmSync(project, { recursive: true, force: true }));
  mkdirSync(path.join(project, '.codev'));
  const file = path.join(project, '.codev', 'settings.local.json');
  // The process that has the dead owner's pid now: started after the lock was made.
  const reused = spawn('sleep', ['1000'], { stdio: 'ignore' });
  cleanups.push(() => reused.kill('SIGKILL'));
  const lock = lockPathOf(file);
  symlinkSync(`${reused.pid}@${os.hostname()}#0123456789ab`, lock);
  const anHourAgo = (Date.now() - 3_600_000) / 1000;
  await lutimes(lock, anHourAgo, anHourAgo);

  await addLocalRules({ file, behavior: 'allow', rules: ['Bash(ls:*)'] });
  expect(JSON.parse(readFileSync(file, 'utf8')).permissions.allow).toEqual(['Bash(ls:*)']);
});
