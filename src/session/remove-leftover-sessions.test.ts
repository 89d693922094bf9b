import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { removeLeftoverSessions } from './remove-leftover-sessions.ts';
import { currentSessionOwner, SESSION_OWNER_FILE, type SessionOwner } from './session-owner.ts';

const roots: string[] = [];
afterEach(async () => {
  await Promise.all(roots.splice(0).map((root) => rm(root, { recursive: true, force: true })));
});

/** The pid of a process that existed and was killed with SIGKILL. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  await new Promise((resolve) => child.once('spawn', resolve));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(child.pid!, 'SIGKILL');
  await exited;
  return child.pid!;
}

async function session(parent: string, name: string, owner?: Partial<SessionOwner> | string) {
  const directory = path.join(parent, name);
  await mkdir(directory, { recursive: true });
  await writeFile(path.join(directory, 'output.txt'), 'old output');
  if (owner !== undefined) await writeFile(path.join(directory, SESSION_OWNER_FILE), typeof owner === 'string' ? owner : JSON.stringify({ ...currentSessionOwner(), ...owner }));
  return directory;
}

describe('removeLeftoverSessions', () => {
  it("removes only marked folders of gone owners: a dead pid, or this pid under an earlier process's token", async () => {
    const parent = await mkdtemp(path.join(os.tmpdir(), 'codev-leftovers-'));
    roots.push(parent);
    const dead = await session(parent, 's-dead', { pid: await deadPid(), token: 'gone' });
    const earlier = await session(parent, 's-earlier', { pid: process.pid, token: 'an-earlier-process' });
    const mine = await session(parent, 's-mine', {});
    const unmarked = await session(parent, 's-unmarked');
    const corrupt = await session(parent, 's-corrupt', '{"pid":');
    const unmatched = await session(parent, 'other-dead', { pid: await deadPid(), token: 'gone' });
    const removed = await removeLeftoverSessions({ directory: parent, prefix: 's-' });
    expect(removed.sort()).toEqual([dead, earlier].sort());
    for (const kept of [mine, unmarked, corrupt, unmatched]) expect(existsSync(kept), kept).toBe(true);
  });

  it('answers nothing for a folder that does not exist', async () => {
    expect(await removeLeftoverSessions({ directory: path.join(os.tmpdir(), 'codev-no-such-folder-9f2c') })).toEqual([]);
  });
});
