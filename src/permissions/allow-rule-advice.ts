import type { CanUseToolOptions } from './types.ts';

/**
 * What to tell someone whose ask was denied because nobody could answer it (`codev tool`, `codev mcp serve`):
 * the `--allow` rules that would let the call through, or how else to allow it. Empty when no rule would
 * (rules that failed to load: the ask's message already says how to fix them), or that none can (an immune
 * ask). Starts with a space.
 */
export function allowRuleAdvice(options: Pick<CanUseToolOptions, 'decisionReason' | 'suggestions' | 'immune'>): string {
  if (options.decisionReason?.type === 'unloadedSource') return '';
  // An ask no rule or mode settles (an ask rule, a protected place, a command codev cannot check): an --allow
  // would change nothing.
  if (options.immune) return ' No --allow rule or permission mode settles this ask: only someone who sees it can allow it (a terminal, or an MCP client that answers elicitations).';
  if (options.suggestions[0]) return ` To allow it, add --allow '${options.suggestions[0].rules.join("' --allow '")}'.`;
  return ' Add an --allow rule or use --permission-mode.';
}
