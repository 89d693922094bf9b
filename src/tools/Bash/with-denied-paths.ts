import os from 'node:os';
import { deniedPathsOnDisk } from '../../permissions/denied-paths-on-disk.ts';
import type { ShellIsolation } from '../../tasks/start-shell-process.ts';
import type { ToolUseContext } from '../../execution/types.ts';
import type { ToolContext } from '../../tool/types.ts';

/**
 * A sandbox that also enforces the Read and Edit deny rules: the files and folders they cover on disk now are
 * hidden (Read) or read-only (Edit) inside bubblewrap, so a command the shell analysis could not see
 * through (`python3 -c 'print(open(".env").read())'`) cannot read or change them either.
 */
export async function withDeniedPaths<Isolation extends ShellIsolation>(isolation: Isolation, context: ToolContext & Partial<ToolUseContext>): Promise<Isolation> {
  if (!isolation.sandbox) return isolation;
  const denied = await deniedPathsOnDisk({
    permissionContext: context.permissionContext,
    anchors: { cwd: context.cwd, root: context.projectRoot ?? context.cwd, home: context.homeDirectory ?? os.homedir() },
    workingDirectories: isolation.writableDirectories,
  });
  return { ...isolation, hiddenPaths: denied.hidden, readOnlyPaths: denied.readOnly };
}
