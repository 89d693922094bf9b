import type { SandboxMount } from './plan-sandbox-mounts.ts';

/**
 * The bubblewrap arguments (before the command) for a sandboxed shell: the whole filesystem read-only, a
 * fresh `/dev` and `/proc`, then the mounts (see {@link SandboxMount}): the writable directories and the
 * protections inside them; its own PID namespace, no network unless allowed, and death with the parent.
 * Pure. Mounts are applied shortest path first, so a mount inside another lands on top of it (a writable
 * temp folder inside a read-only `.codev` stays writable).
 *
 * @example
 * buildBwrapArguments({ cwd: '/p', mounts: [{ kind: 'writable', path: '/p' }], allowNetwork: false });
 * // ['--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc', '--bind', '/p', '/p', '--unshare-net', …, '--chdir', '/p']
 */
export function buildBwrapArguments(options: { cwd: string; mounts: readonly SandboxMount[]; allowNetwork: boolean }): string[] {
  const args = ['--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc'];
  const ordered = options.mounts.map((mount, index) => ({ mount, index })).sort((left, right) => left.mount.path.length - right.mount.path.length || left.index - right.index);
  for (const { mount } of ordered) args.push(...mountArguments(mount));
  if (!options.allowNetwork) args.push('--unshare-net');
  args.push('--unshare-pid', '--unshare-ipc', '--unshare-uts', '--die-with-parent', '--new-session', '--chdir', options.cwd);
  return args;
}

function mountArguments(mount: SandboxMount): string[] {
  switch (mount.kind) {
    case 'writable':
    case 'keep':
      return ['--bind', mount.path, mount.path];
    case 'read-only':
    case 'block':
      return ['--ro-bind', mount.path, mount.path];
    case 'hide':
      // An empty read-only tmpfs covers a folder: nothing on the host to make, share or leave behind.
      return mount.folder ? ['--tmpfs', mount.path, '--remount-ro', mount.path] : ['--ro-bind', '/dev/null', mount.path];
  }
}
