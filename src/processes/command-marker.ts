import { randomBytes } from 'node:crypto';

/**
 * The name of the environment variable that marks every process this codev starts, and every process
 * those start in turn: `CODEV_OWNER_<id of this codev process>=<id of the command>`. A process keeps its
 * environment through setsid, nohup and double forks, so one that left its command's process group still
 * carries it, and {@link findMarkedProcesses} finds it in `/proc`. The codev's id is in the name, not the
 * value: a codev started by a command of another codev adds its own variable beside the outer one, so the
 * outer codev still finds everything below its command. codev itself never carries its own variable.
 */
export const OWNER_MARKER_KEY = `CODEV_OWNER_${randomBytes(8).toString('hex')}`;

/** The mark of one command: the variable to add to its environment, and the id that sweeps look for. */
export interface CommandMarker {
  /** The id of the command: the value of {@link OWNER_MARKER_KEY} in its processes. */
  readonly id: string;
  /** `{ [OWNER_MARKER_KEY]: id }`, to merge into the command's environment. */
  readonly environment: Readonly<Record<string, string>>;
}

/** A fresh mark for one command (see {@link OWNER_MARKER_KEY}). */
export function createCommandMarker(): CommandMarker {
  const id = randomBytes(8).toString('hex');
  return { id, environment: { [OWNER_MARKER_KEY]: id } };
}
