import { ERROR_TYPE_BY_STATUS } from '../../../testing/fake-messages-server/fake-reply.ts';

/** What is wrong with one reply of a `--script` file: the field (a path such as `content[0].text`) and why. */
export interface ReplyProblem {
  field: string;
  message: string;
}

const REPLY_KEYS = ['content', 'stopReason', 'stopSequence', 'usage', 'rawFrames', 'failAfterEvents', 'streamError', 'dropConnectionAfterEvents', 'breakAfterEvents', 'breakWith'];
const STOP_REASONS = ['end_turn', 'max_tokens', 'stop_sequence', 'tool_use', 'pause_turn', 'refusal', 'model_context_window_exceeded'];
const USAGE_KEYS = ['inputTokens', 'outputTokens', 'cacheCreationInputTokens', 'cacheReadInputTokens'];
const BLOCK_FIELDS: Record<string, { required: Record<string, 'string' | 'object'>; optional: Record<string, 'string'> }> = {
  text: { required: { text: 'string' }, optional: {} },
  tool_use: { required: { name: 'string', input: 'object' }, optional: { id: 'string' } },
  thinking: { required: { thinking: 'string' }, optional: { signature: 'string' } },
  redacted_thinking: { required: { data: 'string' }, optional: {} },
};

/**
 * Why `value` is not a `FakeReply` (codev/testing's reply type), or undefined when it is one: a message reply
 * (`content` blocks, optional stream faults) or an error reply (`error.status` one of the API's statuses).
 * Unknown fields are problems too, so a typo (`"contents"`) is caught, not silently ignored.
 */
export function replyProblem(value: unknown): ReplyProblem | undefined {
  if (!isObject(value)) return { field: '(reply)', message: 'a reply is a JSON object: {"content":[{"type":"text","text":"..."}]} or {"error":{"status":529}}' };
  if ('error' in value) return errorProblem(value);
  const unknown = Object.keys(value).find((key) => !REPLY_KEYS.includes(key));
  if (unknown !== undefined) return { field: unknown, message: `unknown field; a reply has ${['error', ...REPLY_KEYS].join(', ')}` };
  if (!Array.isArray(value.content)) return { field: 'content', message: 'must be an array of content blocks' };
  for (const [index, block] of value.content.entries()) {
    const problem = blockProblem(block);
    if (problem) return { field: `content[${index}]${problem.field}`, message: problem.message };
  }
  if (value.stopReason !== undefined && !STOP_REASONS.includes(value.stopReason as string)) return { field: 'stopReason', message: `must be one of ${STOP_REASONS.join(', ')}` };
  if (value.stopSequence !== undefined && typeof value.stopSequence !== 'string') return { field: 'stopSequence', message: 'must be a string' };
  if (value.usage !== undefined) {
    if (!isObject(value.usage)) return { field: 'usage', message: `must be an object with ${USAGE_KEYS.join(', ')}` };
    const bad = Object.entries(value.usage).find(([key, count]) => !USAGE_KEYS.includes(key) || !isCount(count));
    if (bad) return { field: `usage.${bad[0]}`, message: `usage holds whole numbers ≥ 0 named ${USAGE_KEYS.join(', ')}` };
  }
  for (const key of ['failAfterEvents', 'dropConnectionAfterEvents', 'breakAfterEvents']) {
    if (value[key] !== undefined && !isCount(value[key])) return { field: key, message: 'must be a whole number ≥ 0' };
  }
  if (value.breakAfterEvents !== undefined && !['stall', 'end', 'reset'].includes(value.breakWith as string)) return { field: 'breakWith', message: 'must be "stall", "end" or "reset" with breakAfterEvents' };
  if (value.streamError !== undefined && !(isObject(value.streamError) && typeof value.streamError.type === 'string' && typeof value.streamError.message === 'string')) return { field: 'streamError', message: 'must be {"type": string, "message": string}' };
  if (value.rawFrames !== undefined && !(Array.isArray(value.rawFrames) && value.rawFrames.every((frame) => isObject(frame) && isCount(frame.afterEvents) && typeof frame.text === 'string'))) return { field: 'rawFrames', message: 'must be an array of {"afterEvents": number, "text": string}' };
  return undefined;
}

function errorProblem(value: Record<string, unknown>): ReplyProblem | undefined {
  const extra = Object.keys(value).find((key) => key !== 'error');
  if (extra !== undefined) return { field: extra, message: 'an error reply has only "error"' };
  const error = value.error;
  if (!isObject(error)) return { field: 'error', message: 'must be an object: {"status": 529}' };
  const statuses = Object.keys(ERROR_TYPE_BY_STATUS).map(Number);
  if (!statuses.includes(error.status as number)) return { field: 'error.status', message: `must be one of ${statuses.join(', ')}` };
  for (const key of ['type', 'message']) if (error[key] !== undefined && typeof error[key] !== 'string') return { field: `error.${key}`, message: 'must be a string' };
  if (error.retryAfterSeconds !== undefined && !(typeof error.retryAfterSeconds === 'number' && error.retryAfterSeconds >= 0)) return { field: 'error.retryAfterSeconds', message: 'must be a number ≥ 0' };
  if (error.shouldRetry !== undefined && typeof error.shouldRetry !== 'boolean') return { field: 'error.shouldRetry', message: 'must be true or false' };
  const unknown = Object.keys(error).find((key) => !['status', 'type', 'message', 'retryAfterSeconds', 'shouldRetry'].includes(key));
  return unknown === undefined ? undefined : { field: `error.${unknown}`, message: 'unknown field; an error has status, type, message, retryAfterSeconds, shouldRetry' };
}

function blockProblem(block: unknown): ReplyProblem | undefined {
  if (!isObject(block)) return { field: '', message: 'a content block is an object such as {"type":"text","text":"..."}' };
  const fields = BLOCK_FIELDS[block.type as string];
  if (!fields) return { field: '.type', message: `must be one of ${Object.keys(BLOCK_FIELDS).join(', ')}` };
  for (const [key, type] of Object.entries(fields.required)) {
    if (type === 'string' ? typeof block[key] !== 'string' : !isObject(block[key])) return { field: `.${key}`, message: `a ${String(block.type)} block needs "${key}" (${type === 'string' ? 'a string' : 'an object'})` };
  }
  const unknown = Object.keys(block).find((key) => key !== 'type' && !(key in fields.required) && !(key in fields.optional));
  if (unknown !== undefined) return { field: `.${unknown}`, message: `unknown field of a ${String(block.type)} block` };
  for (const key of Object.keys(fields.optional)) if (block[key] !== undefined && typeof block[key] !== 'string') return { field: `.${key}`, message: 'must be a string' };
  return undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isCount(value: unknown): boolean {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}
