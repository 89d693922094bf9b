import { parseArgs, type ParseArgsConfig } from 'node:util';
import { CodevError } from '../errors/codev-error.ts';

/** What `parseCommandLine` returns: node:util's parseArgs result for the command's options plus the common ones. */
export type ParsedCommandLine<Options extends NonNullable<ParseArgsConfig['options']>> = ReturnType<typeof parseArgs<{ args: string[]; options: Options & typeof COMMON_OPTIONS; allowPositionals: true; strict: true }>>;

const COMMON_OPTIONS = { help: { type: 'boolean', short: 'h' }, cwd: { type: 'string' }, verbose: { type: 'boolean' } } as const;

/** Parses a command's arguments (every command takes --help, --cwd and --verbose); unknown options and missing values are `CLI_USAGE` errors (exit 2). */
export function parseCommandLine<Options extends NonNullable<ParseArgsConfig['options']>>(argv: readonly string[], options: Options): ParsedCommandLine<Options> {
  try {
    return parseArgs({ args: [...argv], options: { ...options, ...COMMON_OPTIONS }, allowPositionals: true, strict: true });
  } catch (error) {
    throw new CodevError('CLI_USAGE', (error as Error).message, { hint: 'run with --help to see the options' });
  }
}
