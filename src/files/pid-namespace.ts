import { readlinkSync } from 'node:fs';

/**
 * The pid namespace this process runs in: on Linux, the number `/proc/self/ns/pid` names; undefined where it
 * cannot be read (no `/proc`, as on macOS). Processes of one host name see each other's pids only when they
 * share it: a container that has the host's name (`docker run --network host`, one `hostname:` for several
 * services in compose) has pids of its own, in which another process's pid is someone else, or no one.
 */
export function currentPidNamespace(): string | undefined {
  try {
    return /^pid:\[(\d+)\]$/.exec(readlinkSync('/proc/self/ns/pid'))?.[1];
  } catch {
    return undefined;
  }
}
