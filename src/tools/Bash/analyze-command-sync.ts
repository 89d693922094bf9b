import type { Parser } from 'web-tree-sitter';
import { analyzeWithParser } from '../../permissions/shell/analyze-with-parser.ts';
import { loadShellParser } from '../../permissions/shell/parse-shell.ts';
import type { ShellAnalysis } from '../../permissions/shell/types.ts';

// isReadOnly and isConcurrencySafe are synchronous: load the grammar with the module.
const parser: Parser | undefined = await loadShellParser().catch(() => undefined);

type SyncAnalysis = Extract<ShellAnalysis, { ok: true }> | undefined;

const MAX_ENTRIES = 500;
// One Bash call asks several times (batching, isReadOnly, checkPermissions): parse each command once.
const cache = new Map<string, SyncAnalysis>();

/**
 * `analyzeShellCommand`, synchronously (the grammar is loaded when this module loads). Undefined when the
 * command is empty, too long, does not parse or the grammar could not be loaded: callers must fail closed.
 */
export function analyzeCommandSync(command: string): SyncAnalysis {
  if (!parser) return undefined;
  if (cache.has(command)) return cache.get(command);
  const result = analyze(parser, command);
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  cache.set(command, result);
  return result;
}

function analyze(loaded: Parser, command: string): SyncAnalysis {
  try {
    const analysis = analyzeWithParser(loaded, command);
    return analysis.ok && analysis.commands.length > 0 ? analysis : undefined;
  } catch {
    return undefined;
  }
}
