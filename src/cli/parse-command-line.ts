import { parseArgs, type ParseArgsConfig } from 'node:util';
import { CodevError } from '../errors/codev-error.ts';
import { suggestKey } from '../errors/suggest-key.ts';

/** What `parseCommandLine` returns: node:util's parseArgs result for the command's options plus the common ones. */
export type ParsedCommandLine<Options extends NonNullable<ParseArgsConfig['options']>> = ReturnType<typeof parseArgs<{ args: string[]; options: Options & typeof COMMON_OPTIONS; allowPositionals: true; strict: true }>>;

const COMMON_OPTIONS = { help: { type: 'boolean', short: 'h' }, cwd: { type: 'string' }, verbose: { type: 'boolean' } } as const;

/**
 * Parses a command's arguments (every command takes --help, --cwd and --verbose); unknown options and missing
 * values are `CLI_USAGE` errors (exit 2). An unknown option is named with the closest known one, if any.
 */
export function parseCommandLine<Options extends NonNullable<ParseArgsConfig['options']>>(argv: readonly string[], options: Options): ParsedCommandLine<Options> {
  return parse({ argv, options, takesPrompt: false });
}

/**
 * `parseCommandLine` for a command whose positionals are a prompt (`codev run`): an unknown option may be words
 * of the prompt, so its error also says how to pass them (after `--`). Only there: after `--` another command
 * takes them as something else (`codev fake-model -- --prot` runs a program named --prot).
 */
export function parsePromptCommandLine<Options extends NonNullable<ParseArgsConfig['options']>>(argv: readonly string[], options: Options): ParsedCommandLine<Options> {
  return parse({ argv, options, takesPrompt: true });
}

function parse<Options extends NonNullable<ParseArgsConfig['options']>>(settings: { argv: readonly string[]; options: Options; takesPrompt: boolean }): ParsedCommandLine<Options> {
  const all = { ...settings.options, ...COMMON_OPTIONS };
  try {
    return parseArgs({ args: [...settings.argv], options: all, allowPositionals: true, strict: true });
  } catch (error) {
    const unknown = (error as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' ? /^Unknown option '([^']+)'/.exec((error as Error).message)?.[1] : undefined;
    if (unknown === undefined) throw new CodevError('CLI_USAGE', (error as Error).message, { hint: 'run with --help to see the options' });
    throw unknownOption({ option: unknown, names: Object.keys(all), takesPrompt: settings.takesPrompt });
  }
}

/** node's own message has an unbalanced quote (`'-- "--bogus"`) and names no option that was meant. */
function unknownOption(options: { option: string; names: readonly string[]; takesPrompt: boolean }): CodevError {
  const { option } = options;
  const meant = option.startsWith('--') ? suggestKey({ key: option.slice(2).split('=')[0]!, candidates: options.names }) : undefined;
  const guess = meant === undefined ? '' : `. Did you mean --${meant}?`;
  const prompt = options.takesPrompt ? `; a prompt that starts with "-" goes after --, as in: -- '${option}'` : '';
  return new CodevError('CLI_USAGE', `Unknown option ${option}${guess}`, { hint: `run with --help to see the options${prompt}` });
}

/** A command that takes no arguments refuses stray ones (`codev tools Bash` lists nothing about Bash): `CLI_USAGE`. */
export function refuseArguments(positionals: readonly string[], usage: string): void {
  if (positionals.length === 0) return;
  throw new CodevError('CLI_USAGE', `Unexpected argument${positionals.length === 1 ? '' : 's'}: ${positionals.join(' ')}`, { hint: `usage: ${usage}` });
}
