import { rmdirSync, rmSync, unlinkSync } from 'node:fs';
import path from 'node:path';

// The locks this process holds and the ones it is making: what an exit without closing its sessions (a
// script that ends without `agent.close()`, `process.exit()`) would otherwise leave behind.
const staged = new Set<string>();
const held = new Map<string, string>();
let listening = false;

function listen(): void {
  if (listening) return;
  listening = true;
  process.once('exit', () => {
    for (const folder of staged) {
      rmSync(folder, { recursive: true, force: true });
      // `.lock-staging/`, when no other lock is being made in it.
      try {
        rmdirSync(path.dirname(folder));
      } catch {
        // Not empty: another process is making a lock there.
      }
    }
    for (const [ownerFile, lockPath] of held) {
      // By the owner file's own name, as a release does: never another process's lock.
      try {
        unlinkSync(ownerFile);
        rmdirSync(lockPath);
      } catch {
        // Taken over already, or another lock is in the folder now: nothing of ours is left.
      }
    }
  });
}

/** Removes this process's session locks and the ones it is making when it exits, closed or not. */
export const sessionLocksAtExit = {
  staging(folder: string): void {
    listen();
    staged.add(folder);
  },
  unstaged(folder: string): void {
    staged.delete(folder);
  },
  holding(ownerFile: string, lockPath: string): void {
    listen();
    held.set(ownerFile, lockPath);
  },
  released(ownerFile: string): void {
    held.delete(ownerFile);
  },
};
