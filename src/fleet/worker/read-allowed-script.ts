import { closeSync, constants, fstatSync, openSync, readFileSync, readlinkSync, realpathSync, statSync, type Stats } from 'node:fs';
import path from 'node:path';
import { CodevError, errorMessage } from '../../errors/codev-error.ts';
import { isPathInside } from '../../files/is-path-inside.ts';

/** An agent script a worker may run: the real path of the file it opened, and the text read from that same descriptor. */
export interface AllowedScript {
  /** Absolute, symlinks resolved: the name its relative imports resolve from. */
  file: string;
  source: string;
}

/**
 * Whoever can write to the queue names the script a worker runs: a worker runs only scripts inside its
 * script folders. The script is opened once, the check is made on the path that descriptor really names
 * (`/proc/self/fd/N`: every link and `..` resolved by the OS, at this moment), and its text is read from the
 * same descriptor, to be run as it is (`loadAgentScript(file, { source })`). So a link or folder swapped
 * after the check cannot redirect what runs, and a path that appeared after the job was queued is judged
 * now. A script inside the worker's folder of job checkouts is never run, even when that folder is inside
 * the script folders, by a link or by a second mount of it: a checkout holds what a job's repository and
 * agent put there. `JOB_INVALID` otherwise,
 * naming the folders and the worker option that widens them.
 */
export function readAllowedScript(options: { script: string; roots: readonly string[]; workspaceRoot: string; worker: string }): AllowedScript {
  const { script, worker } = options;
  let descriptor: number;
  try {
    // O_NONBLOCK: a FIFO planted under the script's name must not hang the worker before the check refuses it.
    descriptor = openSync(script, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    throw new CodevError('JOB_INVALID', `The agent script ${script} cannot be opened on worker ${worker}: ${errorMessage(error)}`, { field: 'script', cause: error, hint: 'every worker needs the script at the same absolute path (a shared checkout of your scripts)' });
  }
  try {
    const stats = fstatSync(descriptor);
    if (!stats.isFile()) throw new CodevError('JOB_INVALID', `The agent script ${script} is not a file`, { field: 'script', hint: 'name the .ts or .js file of the agent' });
    const file = namedPath({ descriptor, script, stats });
    const roots = options.roots.flatMap(realPathOf);
    if (!roots.some((root) => file === root || isPathInside(file, root))) {
      throw new CodevError('JOB_INVALID', `Worker ${worker} runs only the scripts in ${roots.join(', ')}, not ${script}${file === script ? '' : ` (${file})`}`, {
        field: 'script',
        hint: 'start the worker in the folder of your agent scripts, or name it: codev worker --scripts DIR (scriptRoots in fleet.worker())',
      });
    }
    const checkouts = realPathOf(options.workspaceRoot);
    if (checkouts.some((root) => file === root || isPathInside(file, root) || isFolderAbove({ folder: root, file }))) {
      throw new CodevError('JOB_INVALID', `Worker ${worker} runs no script from its job checkouts (${checkouts[0]}), not ${script}`, { field: 'script', hint: 'keep the agent scripts outside the workspace root (codev worker --workspace-root DIR)' });
    }
    return { file, source: readFileSync(descriptor, 'utf8') };
  } finally {
    closeSync(descriptor);
  }
}

/** The path an open descriptor names now; where the OS does not say (no `/proc`), the real path when it is still the same file. */
function namedPath(options: { descriptor: number; script: string; stats: Stats }): string {
  try {
    const named = readlinkSync(`/proc/self/fd/${options.descriptor}`);
    // A file unlinked since it was opened is named "<path> (deleted)": no path to judge it by.
    if (path.isAbsolute(named) && !named.endsWith(' (deleted)')) return named;
  } catch {
    // No /proc: judged by the real path below, when it still names the opened file.
  }
  try {
    const real = realpathSync(options.script);
    const now = statSync(real);
    if (now.dev === options.stats.dev && now.ino === options.stats.ino) return real;
  } catch {
    // Gone or unreadable: refused below.
  }
  throw new CodevError('JOB_INVALID', `The agent script ${options.script} changed while the worker checked it`, { field: 'script', hint: 'do not move or replace the scripts while workers run them' });
}

/**
 * Whether `folder` is one of the folders above `file` by identity (device and inode), whatever their names:
 * a mount can show the folder of checkouts a second time under another path that no link resolves.
 */
function isFolderAbove(options: { folder: string; file: string }): boolean {
  const target = statSync(options.folder);
  for (let directory = path.dirname(options.file); ; directory = path.dirname(directory)) {
    const stats = statIfPresent(directory);
    if (stats && stats.dev === target.dev && stats.ino === target.ino) return true;
    if (path.dirname(directory) === directory) return false;
  }
}

function statIfPresent(file: string): Stats | undefined {
  try {
    return statSync(file);
  } catch {
    return undefined;
  }
}

/** A script folder's real path; none when it does not exist (it holds no scripts). */
function realPathOf(root: string): string[] {
  try {
    return [realpathSync(root)];
  } catch {
    return [];
  }
}
