import { CodevError } from '../../../errors/codev-error.ts';
import { printLoadErrors } from '../../print-load-errors.ts';
import type { CommandIo } from '../types.ts';
import { kernelRewindContext } from './kernel-rewind-context.ts';
import type { RewindContext } from './rewind-session-call.ts';

/**
 * The project's PreRewind and PostRewind hooks (its config, settings and plugins, loaded as `codev run` loads
 * them), for `codev rewind` to run around the restore as `agent.rewind` does, and `close` to let the project go.
 * A part of the project that fails to load could be the hook that guards rewinds: `PLUGIN_LOAD_FAILED`, nothing changed
 * (with `preview`, for a dry run that runs no hook, the failures are printed and the rest is used).
 */
export async function projectRewindHooks(options: { projectRoot: string; io: CommandIo; preview?: boolean }): Promise<{ context: RewindContext; close(): Promise<void> }> {
  const { io } = options;
  // Loaded here, not at start: --list and --dry-run run no hook and need no project.
  const { createKernel } = await import('../../../create-kernel.ts');
  const kernel = await createKernel({ cwd: options.projectRoot, env: io.env });
  printLoadErrors(kernel, io.stderr);
  // A preview runs no hook: it needs only the working directories, which the config gives.
  if (kernel.errors.length > 0 && options.preview !== true) {
    await kernel.close();
    throw new CodevError('PLUGIN_LOAD_FAILED', `${kernel.errors.length === 1 ? 'A part' : `${kernel.errors.length} parts`} of the project failed to load (above), so its rewind hooks are unknown and nothing was changed`, { hint: 'fix them (codev tools lists what loads), then rewind again' });
  }
  return {
    context: kernelRewindContext(kernel, (message) => io.stderr(`codev rewind: warning: ${message}\n`)),
    close: () => kernel.close(),
  };
}
