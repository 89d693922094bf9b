import { readFileSync } from 'node:fs';

/**
 * The fields of `/proc/<pid>/stat` that follow the command name, the state (field 3) first; undefined where
 * they cannot be read (no `/proc`, as on macOS; a process `hidepid` hides; one that is gone).
 */
export function readProcessStat(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 2, the command name, is in parentheses and may itself hold spaces and parentheses: count from the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}
