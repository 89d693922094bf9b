import { EFFORT_LEVELS, MIN_THINKING_BUDGET_TOKENS } from '../../agent/resolve-thinking-params.ts';
import type { AgentOptions, Effort } from '../../agent/types.ts';
import { CodevError } from '../../errors/codev-error.ts';
import { DECIMAL_DIGITS, positiveIntegerOption } from './number-options.ts';

/** The model options of `codev run` as parseArgs gives them. */
export interface ModelOptionValues {
  thinking?: string;
  effort?: string;
  'max-tokens'?: string;
  'fallback-model'?: string[];
}

/**
 * `--thinking <tokens|adaptive|disabled>`, `--effort <level>`, `--max-tokens <n>` and `--fallback-model <model>`
 * (repeatable, or a comma list) as agent options; what is not given is left to the script. Every value the
 * API would refuse is a `CLI_USAGE` error (exit 2) naming the flag, checked here rather than left to
 * createAgent, whose errors name the script's options (`maxTokens`), which a command line cannot set.
 */
export function modelOptions(values: ModelOptionValues): AgentOptions {
  const options: AgentOptions = {};
  if (values.thinking !== undefined) options.thinking = thinkingOf(values.thinking);
  if (values.effort !== undefined) {
    if (!EFFORT_LEVELS.includes(values.effort as Effort)) throw new CodevError('CLI_USAGE', `--effort must be one of ${EFFORT_LEVELS.join(', ')}, not "${values.effort}"`, { hint: 'e.g. --effort high' });
    options.effort = values.effort as Effort;
  }
  const maxTokens = positiveIntegerOption('max-tokens', values['max-tokens']);
  if (maxTokens !== undefined) options.maxTokens = maxTokens;
  const fallbacks = (values['fallback-model'] ?? []).flatMap((value) => value.split(',')).map((model) => model.trim());
  if (fallbacks.some((model) => model === '')) throw new CodevError('CLI_USAGE', '--fallback-model needs a model id', { hint: 'e.g. --fallback-model claude-haiku-4-5 (repeat it, or separate ids with commas, for more)' });
  if (fallbacks.length > 0) options.fallbackModel = fallbacks;
  return options;
}

/**
 * Once the script is known: a thinking budget must stay under the reply's max tokens (the API's rule). When
 * `--thinking` or `--max-tokens` took part, a budget that does not fit is `CLI_USAGE` naming the flags to
 * change; between the script's own values, createAgent's `INPUT_INVALID` names the script's options.
 */
export function checkThinkingFits(options: { flags: AgentOptions; script: Pick<AgentOptions, 'thinking' | 'maxTokens'>; defaultMaxTokens: number }): void {
  const { flags, script } = options;
  const thinking = flags.thinking ?? script.thinking;
  if (thinking?.type !== 'enabled' || (flags.thinking === undefined && flags.maxTokens === undefined)) return;
  const maxTokens = flags.maxTokens ?? script.maxTokens ?? options.defaultMaxTokens;
  const budget = thinking.budgetTokens;
  if (budget < maxTokens) return;
  const suggestion = `--max-tokens ${budget * 2}`;
  if (flags.thinking === undefined) {
    throw new CodevError('CLI_USAGE', `--max-tokens ${maxTokens} leaves no room for the script's thinking budget (${budget} tokens): it must be more`, { hint: `e.g. ${suggestion}, or --thinking with a smaller budget` });
  }
  const limit = flags.maxTokens !== undefined ? `--max-tokens ${maxTokens}` : `the reply's max tokens (${maxTokens}${script.maxTokens === undefined ? ', the default' : ", the script's maxTokens"})`;
  throw new CodevError('CLI_USAGE', `--thinking ${budget} must be less than ${limit}: the thinking budget is part of the reply`, { hint: `raise the limit (e.g. ${suggestion}) or lower --thinking (e.g. --thinking ${Math.max(MIN_THINKING_BUDGET_TOKENS, Math.floor(maxTokens / 2))})` });
}

function thinkingOf(value: string): NonNullable<AgentOptions['thinking']> {
  if (value === 'adaptive' || value === 'disabled') return { type: value };
  const budgetTokens = Number(value);
  if (!DECIMAL_DIGITS.test(value) || !Number.isInteger(budgetTokens)) throw new CodevError('CLI_USAGE', `--thinking takes a number of tokens, adaptive or disabled, not "${value}"`, { hint: 'e.g. --thinking 4000 or --thinking adaptive' });
  if (budgetTokens < MIN_THINKING_BUDGET_TOKENS) throw new CodevError('CLI_USAGE', `--thinking must be at least ${MIN_THINKING_BUDGET_TOKENS} tokens (the API's smallest budget), not ${value}`, { hint: `e.g. --thinking ${MIN_THINKING_BUDGET_TOKENS * 4}, or --thinking adaptive` });
  return { type: 'enabled', budgetTokens };
}
