import type { Kernel } from '../../../kernel/create-kernel.ts';
import type { RewindContext } from './rewind-session-call.ts';

/**
 * What a rewind run from the CLI takes from the project's kernel: its PreRewind and PostRewind hooks, the working
 * directory and mode they see, and the working directories besides the project (the permission context's
 * additional ones), so that a checkpoint of a session that worked there can be put back.
 */
export function kernelRewindContext(kernel: Kernel, onWarning: (message: string) => void): RewindContext {
  return {
    hooks: kernel.hooks,
    cwd: kernel.cwd,
    permissionMode: kernel.permissionContext.mode,
    workingDirectories: [kernel.cwd, ...kernel.permissionContext.additionalWorkingDirectories],
    onWarning,
  };
}
