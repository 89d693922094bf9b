import type { CanUseToolOptions } from './types.ts';

/**
 * What to tell someone whose ask was denied because nobody could answer it (`codev tool`, `codev mcp serve`):
 * the `--allow` rules that would let the call through, or how else to allow it. Empty when no rule would
 * (rules that failed to load: the ask's message already says how to fix them). Starts with a space.
 */
export function allowRuleAdvice(options: Pick<CanUseToolOptions, 'decisionReason' | 'suggestions'>): string {
  if (options.decisionReason?.type === 'unloadedSource') return '';
  if (options.suggestions[0]) return ` To allow it, add --allow '${options.suggestions[0].rules.join("' --allow '")}'.`;
  return ' Add an --allow rule or use --permission-mode.';
}
