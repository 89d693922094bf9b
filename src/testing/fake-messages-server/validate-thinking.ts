import { signThinking } from './sign-thinking.ts';

type Block = { type?: unknown; thinking?: unknown; signature?: unknown };
type Message = { role: string; content: unknown };

const EFFORT_LEVELS = ['low', 'medium', 'high', 'xhigh', 'max'];
const THINKING_TYPES = ['enabled', 'disabled', 'adaptive'];
const THINKING_DOCS = 'Please consult our documentation at https://docs.claude.com/en/docs/build-with-claude/extended-thinking';

/**
 * The API's extended-thinking rules, phrased as it phrases them, or undefined when they hold:
 * 1. `thinking` is `enabled` with `budget_tokens` of at least 1,024 and under `max_tokens`, `adaptive` or
 *    `disabled`; `output_config.effort` is a known level;
 * 2. every thinking block sent back carries the signature it was given (changed text, a lost or wrong
 *    signature is refused);
 * 3. with thinking on, when the last message carries tool results for a reply this server gave with
 *    thinking (`thoughtToolUses`, its tool_use ids), that assistant message still starts with its thinking
 *    (`thinking` or `redacted_thinking`): a tool-use turn must keep the model's thinking.
 */
export function validateThinking(body: Record<string, unknown>, thoughtToolUses: ReadonlySet<string>): string | undefined {
  const parameters = parameterProblem(body);
  if (parameters) return parameters;
  const messages = body.messages as Message[];
  for (const [messageIndex, message] of messages.entries()) {
    if (message.role !== 'assistant' || !Array.isArray(message.content)) continue;
    for (const [blockIndex, block] of (message.content as Block[]).entries()) {
      if (block.type === 'thinking' && (typeof block.signature !== 'string' || block.signature !== signThinking(String(block.thinking)))) {
        return `messages.${messageIndex}.content.${blockIndex}: Invalid \`signature\` in \`thinking\` block`;
      }
    }
  }
  const type = (body.thinking as { type?: unknown } | undefined)?.type;
  if (type !== 'enabled' && type !== 'adaptive') return undefined;
  return lostThinking(messages, thoughtToolUses);
}

function parameterProblem(body: Record<string, unknown>): string | undefined {
  const effort = (body.output_config as { effort?: unknown } | undefined)?.effort;
  if (effort !== undefined && effort !== null && !EFFORT_LEVELS.includes(effort as string)) return `output_config.effort: Input should be ${EFFORT_LEVELS.map((level) => `'${level}'`).join(', ')}`;
  if (body.thinking === undefined) return undefined;
  const { type, budget_tokens: budget } = body.thinking as { type?: unknown; budget_tokens?: unknown };
  if (!THINKING_TYPES.includes(type as string)) return `thinking.type: Input should be ${THINKING_TYPES.map((name) => `'${name}'`).join(', ')}`;
  if (type !== 'enabled') return undefined;
  if (typeof budget !== 'number' || !Number.isInteger(budget)) return 'thinking.enabled.budget_tokens: Field required';
  if (budget < 1024) return 'thinking.enabled.budget_tokens: Input should be greater than or equal to 1024';
  if (budget >= Number(body.max_tokens)) return '`max_tokens` must be greater than `thinking.budget_tokens`. ' + THINKING_DOCS;
  return undefined;
}

function lostThinking(messages: Message[], thoughtToolUses: ReadonlySet<string>): string | undefined {
  const last = messages.at(-1);
  const answered = last?.role === 'user' && Array.isArray(last.content) ? (last.content as { type?: unknown; tool_use_id?: unknown }[]).filter((block) => block.type === 'tool_result') : [];
  const index = messages.length - 2;
  const assistant = messages[index];
  if (assistant?.role !== 'assistant' || !answered.some((block) => thoughtToolUses.has(String(block.tool_use_id)))) return undefined;
  const first = Array.isArray(assistant.content) ? (assistant.content as Block[])[0]?.type : 'text';
  if (first === 'thinking' || first === 'redacted_thinking') return undefined;
  return `messages.${index}.content.0.type: Expected \`thinking\` or \`redacted_thinking\`, but found \`${String(first)}\`. When \`thinking\` is enabled, a final \`assistant\` message must start with a thinking block (preceeding the lastmost set of \`tool_use\` and \`tool_result\` blocks). We recommend you include thinking blocks from previous turns. To avoid this requirement, disable \`thinking\`. ${THINKING_DOCS}`;
}
