import type { Parser } from 'web-tree-sitter';
import { collectCommands } from '../../permissions/shell/collect-commands.ts';
import { loadShellParser } from '../../permissions/shell/parse-shell.ts';
import type { ShellRedirect, SimpleCommand } from '../../permissions/shell/types.ts';

// isReadOnly and isConcurrencySafe are synchronous: load the grammar with the module.
const parser: Parser | undefined = await loadShellParser().catch(() => undefined);

/**
 * `analyzeShellCommand`, synchronously (the grammar is loaded when this module loads). Undefined when the
 * command is empty, too long, does not parse or the grammar could not be loaded: callers must fail closed.
 */
export function analyzeCommandSync(command: string): { commands: SimpleCommand[]; writes: ShellRedirect[] } | undefined {
  if (!parser || command.trim() === '' || command.length > 10_000) return undefined;
  try {
    const analysis = collectCommands({ parser, source: command });
    return analysis.commands.length === 0 ? undefined : analysis;
  } catch {
    return undefined;
  }
}
