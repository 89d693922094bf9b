import { parseArgs, type ParseArgsConfig } from 'node:util';
import { CodevError } from '../errors/codev-error.ts';

/** Parses a command's arguments (every command takes --help, --cwd and --verbose); unknown options and missing values are `CLI_USAGE` errors (exit 2). */
export function parseCommandLine<Options extends NonNullable<ParseArgsConfig['options']>>(argv: readonly string[], options: Options) {
  try {
    return parseArgs({ args: [...argv], options: { ...options, help: { type: 'boolean', short: 'h' }, cwd: { type: 'string' }, verbose: { type: 'boolean' } }, allowPositionals: true, strict: true });
  } catch (error) {
    throw new CodevError('CLI_USAGE', (error as Error).message, { hint: 'run with --help to see the options' });
  }
}
