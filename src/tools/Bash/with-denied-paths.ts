import os from 'node:os';
import { deniedPathsOnDisk } from '../../permissions/denied-paths-on-disk.ts';
import { manyNamedFilesOf } from '../../permissions/denied-inodes.ts';
import { otherNamesBelow } from '../../permissions/other-names-below.ts';
import { protectedInodes } from '../../permissions/protected-inodes.ts';
import { protectedPlacesOf, protectionContextOf } from '../../permissions/protected-paths.ts';
import type { ShellIsolation } from '../../tasks/start-shell-process.ts';
import type { ToolUseContext } from '../../execution/types.ts';
import type { ToolContext } from '../../tool/types.ts';

/**
 * A sandbox that also enforces the Read and Edit deny rules: the files and folders they cover on disk now are
 * hidden (Read) or read-only (Edit) inside bubblewrap, so a command the shell analysis could not see
 * through (`python3 -c 'print(open(".env").read())'`) cannot read or change them either. A mount covers a
 * name, not a file: the other names (hard links) below the working directories of a hidden file are hidden
 * too, and those of an Edit-denied or protected file kept read-only.
 */
export async function withDeniedPaths<Isolation extends ShellIsolation>(isolation: Isolation, context: ToolContext & Partial<ToolUseContext>): Promise<Isolation> {
  if (!isolation.sandbox) return isolation;
  const home = context.homeDirectory ?? os.homedir();
  const denied = await deniedPathsOnDisk({
    permissionContext: context.permissionContext,
    anchors: { cwd: context.cwd, root: context.projectRoot ?? context.cwd, home },
    workingDirectories: isolation.writableDirectories,
  });
  const directories = isolation.writableDirectories;
  const hiddenInodes = await manyNamedFilesOf(denied.hidden);
  const keptInodes = new Map([...(await manyNamedFilesOf(denied.readOnly)), ...(await protectedInodes({ places: protectedPlacesOf(protectionContextOf(context)), home, workingDirectories: directories })).inodes]);
  const hidden = [...denied.hidden, ...(await otherNamesBelow({ directories, inodes: hiddenInodes }))];
  const readOnly = [...denied.readOnly, ...(await otherNamesBelow({ directories, inodes: keptInodes }))];
  return { ...isolation, hiddenPaths: hidden, readOnlyPaths: readOnly };
}
