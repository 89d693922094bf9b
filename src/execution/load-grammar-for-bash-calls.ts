import { loadShellAnalysis } from '../permissions/shell/load-shell-analysis.ts';
import type { ToolUseBlock } from '../tool/types.ts';

/**
 * Loads the shell analysis and its bash grammar (once per process) when a message calls Bash, before its calls are batched: the
 * Bash tool says synchronously whether a command is concurrency-safe, and needs the grammar loaded to say
 * yes. A process whose model never calls Bash never loads it. A grammar that cannot load is left to the
 * call's permission check, which fails closed as it always has.
 */
export async function loadGrammarForBashCalls(toolUses: readonly ToolUseBlock[]): Promise<void> {
  if (toolUses.some((toolUse) => toolUse.name === 'Bash')) await loadShellAnalysis().catch(() => undefined);
}
