import { statSync } from 'node:fs';
import path from 'node:path';
import { CodevError } from '../errors/codev-error.ts';

/**
 * Refuses a `--cwd` that is not an existing folder (`CLI_USAGE`, exit 2), before any command runs: a typo
 * in it otherwise gave the built-ins alone (`codev tools --cwd ../ap`) or a session in the wrong place, and
 * exit 0; an empty one, likewise. Only the options before `--` count (after it comes a prompt); with `--help` nothing is checked.
 */
export function checkCwdOption(argv: readonly string[], cwd: string): void {
  const end = argv.indexOf('--');
  const options = end === -1 ? argv : argv.slice(0, end);
  if (options.includes('--help') || options.includes('-h')) return;
  for (let index = 0; index < options.length; index++) {
    const argument = options[index]!;
    const value = argument === '--cwd' ? options[index + 1] : argument.startsWith('--cwd=') ? argument.slice('--cwd='.length) : undefined;
    if (value === undefined) continue;
    // Resolved, '' is the current folder: an unset variable (`--cwd="$PROJECT"`) would run there unnoticed.
    if (value === '') throw new CodevError('CLI_USAGE', '--cwd is empty', { field: '--cwd', hint: 'give the project folder to run in, e.g. --cwd ../my-agent (a variable that is not set gives an empty --cwd)' });
    const folder = path.resolve(cwd, value);
    const info = statSync(folder, { throwIfNoEntry: false });
    if (!info?.isDirectory()) {
      throw new CodevError('CLI_USAGE', `--cwd ${value}: ${info ? 'is not a folder' : 'no such folder'} (${folder})`, { field: '--cwd', hint: 'give the project folder to run in, e.g. --cwd ../my-agent' });
    }
  }
}
