import { realpathSync } from 'node:fs';
import { CodevError } from '../../errors/codev-error.ts';
import { isPathInside } from '../../files/is-path-inside.ts';

/**
 * Whoever can write to the queue names the script a worker runs: a worker runs only scripts inside its
 * script folders, compared after symlinks are resolved (a link inside pointing outside does not pass).
 * `JOB_INVALID` otherwise, naming the folders and the worker option that widens them.
 */
export function checkScriptAllowed(options: { script: string; roots: readonly string[]; worker: string }): void {
  const real = realpathSync(options.script);
  const roots = options.roots.map((root) => realpathSync(root));
  if (roots.some((root) => real === root || isPathInside(real, root))) return;
  throw new CodevError('JOB_INVALID', `Worker ${options.worker} runs only the scripts in ${roots.join(', ')}, not ${options.script}`, {
    field: 'script',
    hint: 'start the worker in the folder of your agent scripts, or name it: codev worker --scripts DIR (scriptRoots in fleet.worker())',
  });
}
