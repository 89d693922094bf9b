import { readFileSync } from 'node:fs';
import { readProcessStat } from './read-process-stat.ts';

/** Clock ticks per second in `/proc/<pid>/stat` (USER_HZ: 100 on every architecture Node runs on). */
const TICKS_PER_SECOND = 100;

let bootedAt: number | undefined;

/**
 * When process `pid` started, in ms since the epoch, to about a second (the boot time `/proc/stat` gives is in
 * whole seconds); undefined where it cannot be read (no `/proc`, as on macOS; a process `hidepid` hides; one
 * that is gone). For telling whether a pid named in a file can be the process that wrote it.
 */
export function processStartedAt(pid: number): number | undefined {
  try {
    bootedAt ??= Number(/^btime (\d+)$/m.exec(readFileSync('/proc/stat', 'utf8'))?.[1]) * 1000;
    // Field 22, the 20th after the command name.
    const ticks = Number(readProcessStat(pid)?.[19]);
    return Number.isFinite(bootedAt) && Number.isFinite(ticks) ? bootedAt + (ticks * 1000) / TICKS_PER_SECOND : undefined;
  } catch {
    return undefined;
  }
}
