/** How the worker is confined beyond Node's permission model. */
export type ReplWrapper =
  /** bubblewrap: read-only root, no network (unless allowed), its own PID namespace, death with the parent. */
  | { kind: 'bubblewrap'; bwrapPath: string; allowNetwork: boolean }
  /** `setpriv --pdeathsig KILL` (util-linux): only death with the parent. */
  | { kind: 'setpriv'; setprivPath: string }
  | { kind: 'none' };

/**
 * The command that starts the REPL worker: Node with the permission model (reads of the worker file only;
 * no writes, child processes, workers, addons or WASI), code generation from strings disallowed in the
 * worker's own realm (the `vm` context keeps `eval`), no warnings on stderr, and the wrapper around it.
 * Pure.
 *
 * @example
 * buildReplCommand({ nodePath: '/usr/bin/node', workerPath: '/w.cjs', permissionFlag: '--permission', wrapper: { kind: 'none' } });
 * // { file: '/usr/bin/node', args: ['--permission', '--allow-fs-read=/w.cjs', '--no-warnings', '--disallow-code-generation-from-strings', '/w.cjs'] }
 */
export function buildReplCommand(options: {
  nodePath: string;
  workerPath: string;
  permissionFlag: '--permission' | '--experimental-permission';
  wrapper: ReplWrapper;
}): { file: string; args: string[] } {
  const node = [options.permissionFlag, `--allow-fs-read=${options.workerPath}`, '--no-warnings', '--disallow-code-generation-from-strings', options.workerPath];
  const { wrapper } = options;
  if (wrapper.kind === 'setpriv') return { file: wrapper.setprivPath, args: ['--pdeathsig', 'KILL', '--', options.nodePath, ...node] };
  if (wrapper.kind === 'none') return { file: options.nodePath, args: node };
  const args = ['--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc'];
  if (!wrapper.allowNetwork) args.push('--unshare-net');
  args.push('--unshare-pid', '--unshare-ipc', '--new-session', '--die-with-parent', '--', options.nodePath, ...node);
  return { file: wrapper.bwrapPath, args };
}
