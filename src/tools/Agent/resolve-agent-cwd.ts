import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { isInWorkingDirectories } from '../../permissions/path-containment.ts';
import type { ToolContext } from '../../tool/types.ts';

/**
 * The absolute working directory asked for a subagent, or why it cannot have it. It must be an existing
 * directory inside the caller's working directories, links resolved: a subagent whose cwd were `/` would
 * treat the whole disk as its working directory, which its parent never could.
 */
export async function resolveAgentCwd(options: { cwd: string; context: ToolContext }): Promise<{ path: string } | { message: string }> {
  const { context } = options;
  const requested = path.resolve(context.cwd, options.cwd.replace(/^~(?=$|\/)/, (context as { homeDirectory?: string }).homeDirectory ?? '~'));
  let real: string;
  try {
    real = await realpath(requested);
    if (!(await stat(real)).isDirectory()) return { message: `cwd ${requested} is not a directory.` };
  } catch {
    return { message: `cwd ${requested} does not exist.` };
  }
  const directories = [context.cwd, ...context.permissionContext.additionalWorkingDirectories];
  const realDirectories = await Promise.all(directories.map((directory) => realpath(directory).catch(() => path.resolve(directory))));
  if (!isInWorkingDirectories(requested, directories) || !isInWorkingDirectories(real, realDirectories)) {
    return { message: `cwd ${requested} is outside the working directories (${directories.join(', ')}); a subagent may only work inside them.` };
  }
  return { path: requested };
}
