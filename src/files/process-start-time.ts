import { readFileSync } from 'node:fs';
import { readProcessStat } from './read-process-stat.ts';

let bootId: string | undefined;

/**
 * When process `pid` started, as the kernel counts it: on Linux the boot's id and the clock ticks since
 * boot (field 22 of `/proc/<pid>/stat`); undefined where that cannot be read (no `/proc`, as on macOS; a
 * process `hidepid` hides; one that is gone). Two processes that had the same pid, before and after a
 * reboot or a container's restart, never have the same start: a pid alone cannot tell them apart.
 */
export function processStartTime(pid: number): string | undefined {
  try {
    bootId ??= readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    // Field 22, the 20th after the command name.
    const ticks = readProcessStat(pid)?.[19];
    return ticks ? `${bootId}:${ticks}` : undefined;
  } catch {
    return undefined;
  }
}
