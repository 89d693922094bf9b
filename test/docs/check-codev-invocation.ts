/**
 * Test-only: whether codev accepts a documented command line: the same words with `--help` (before a `--`, if
 * any) go through codev's real dispatch and option parsers, which refuse an unknown command, subcommand or
 * flag (exit 2), and print the command's help instead of running it (exit 0).
 */
import { main } from '../../src/cli/main.ts';
import type { CodevInvocation } from './codev-invocations.ts';

/** Runs the invocation's words plus `--help` in this process; returns undefined when codev accepts them, else what it said. */
export async function checkCodevInvocation(options: { invocation: CodevInvocation; cwd: string }): Promise<string | undefined> {
  const { args } = options.invocation;
  const end = args.indexOf('--');
  const withHelp = end === -1 ? [...args, '--help'] : [...args.slice(0, end), '--help', ...args.slice(end)];
  let output = '';
  const code = await main(withHelp, {
    stdout: () => undefined,
    stderr: (text) => void (output += text),
    readStdin: () => Promise.resolve(''),
    cwd: options.cwd,
    env: {},
    isTTY: false,
  });
  return code === 0 ? undefined : `exit ${code}: ${output.split('\n').slice(0, 3).join(' ')}`;
}
