/** Test-only: what Linux's /proc says about processes, to find and watch those a test started. */
import { readdirSync, readFileSync } from 'node:fs';

/** The processes whose parent is `parent` (Linux /proc). */
export function childPidsOf(parent: number): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]) === parent;
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** Whether the process exists and is not a zombie. */
export function isRunning(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]![0] !== 'Z';
  } catch {
    return false;
  }
}
