/** A path inside a writable directory that the sandboxed command must not change. */
export interface ProtectedPath {
  /** Absolute. */
  path: string;
  /** False when nothing is there yet: `/dev/null` is mounted on it so that it cannot be created. */
  exists: boolean;
}

/**
 * The bubblewrap arguments (before the command) for a sandboxed shell: the whole filesystem read-only, a
 * fresh `/dev` and `/proc`, the writable directories bound read-write, protected paths inside them bound
 * read-only again (missing ones blocked with `/dev/null`), its own PID namespace, no network unless allowed,
 * and death with the parent. Pure; the order matters (later mounts cover earlier ones).
 *
 * @example
 * buildBwrapArguments({ cwd: '/p', writableDirectories: ['/p'], allowNetwork: false, protectedPaths: [] });
 * // ['--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc', '--bind', '/p', '/p', '--unshare-net', …, '--chdir', '/p']
 */
export function buildBwrapArguments(options: {
  cwd: string;
  writableDirectories: readonly string[];
  allowNetwork: boolean;
  protectedPaths: readonly ProtectedPath[];
}): string[] {
  const args = ['--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc'];
  for (const directory of unique(options.writableDirectories)) args.push('--bind', directory, directory);
  // Shortest first, so that a protected directory's own children are mounted after it.
  const protectedPaths = [...options.protectedPaths].sort((left, right) => left.path.length - right.path.length);
  for (const entry of protectedPaths) {
    args.push('--ro-bind', entry.exists ? entry.path : '/dev/null', entry.path);
  }
  if (!options.allowNetwork) args.push('--unshare-net');
  args.push('--unshare-pid', '--unshare-ipc', '--unshare-uts', '--die-with-parent', '--new-session', '--chdir', options.cwd);
  return args;
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}
