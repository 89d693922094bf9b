import { EFFORT_LEVELS } from '../../agent/resolve-thinking-params.ts';
import type { AgentOptions, Effort } from '../../agent/types.ts';
import { CodevError } from '../../errors/codev-error.ts';

/**
 * `--thinking <tokens|adaptive|disabled>`, `--effort <level>` and `--fallback-model <model>` (repeatable, or
 * a comma list) as agent options; what is not given is left to the script. A value codev cannot read is a
 * `CLI_USAGE` error; a budget the API would refuse is `INPUT_INVALID` from createAgent.
 */
export function modelOptions(values: { thinking?: string; effort?: string; 'fallback-model'?: string[] }): AgentOptions {
  const options: AgentOptions = {};
  if (values.thinking !== undefined) options.thinking = thinkingOf(values.thinking);
  if (values.effort !== undefined) {
    if (!EFFORT_LEVELS.includes(values.effort as Effort)) throw new CodevError('CLI_USAGE', `--effort must be one of ${EFFORT_LEVELS.join(', ')}, not "${values.effort}"`, { hint: 'e.g. --effort high' });
    options.effort = values.effort as Effort;
  }
  const fallbacks = (values['fallback-model'] ?? []).flatMap((value) => value.split(',')).map((model) => model.trim());
  if (fallbacks.some((model) => model === '')) throw new CodevError('CLI_USAGE', '--fallback-model needs a model id', { hint: 'e.g. --fallback-model claude-haiku-4-5 (repeat it, or separate ids with commas, for more)' });
  if (fallbacks.length > 0) options.fallbackModel = fallbacks;
  return options;
}

function thinkingOf(value: string): NonNullable<AgentOptions['thinking']> {
  if (value === 'adaptive' || value === 'disabled') return { type: value };
  const budgetTokens = Number(value);
  if (value.trim() === '' || !Number.isInteger(budgetTokens)) throw new CodevError('CLI_USAGE', `--thinking takes a number of tokens, adaptive or disabled, not "${value}"`, { hint: 'e.g. --thinking 4000 or --thinking adaptive' });
  return { type: 'enabled', budgetTokens };
}
