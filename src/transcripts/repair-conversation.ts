import type Anthropic from '@anthropic-ai/sdk';
import type { ConversationRepair } from './types.ts';

/** What the model reads for a tool call whose run a crash cut short. */
export const INTERRUPTED_TOOL_RESULT = 'The tool call was interrupted: codev stopped before it finished, so it may have run in part or not at all. Check its effects before trying it again.';

/** What the model reads for a tool call whose result was lost with a damaged line of the transcript. */
export const LOST_TOOL_RESULT = 'The result of this tool call was lost: its line in the session transcript was damaged. The call may have run; check its effects before trying it again.';

/** What stands in for a message lost with a damaged line, where the conversation needs one to go on. */
export const LOST_MESSAGE_TEXT = '[codev: a message of this conversation was lost: its line in the session transcript was damaged]';

type Block = Anthropic.ContentBlockParam;
type Message = Anthropic.MessageParam;

/**
 * Makes a loaded conversation one the Messages API accepts, whatever lines of its transcript were lost
 * (a line cut in half is skipped when read): it starts with a user message, roles alternate, every
 * `tool_result` answers a `tool_use` of the message just before it, and every `tool_use` is answered in the
 * next message, `tool_result` blocks first. A result without its call is dropped; a call without its result
 * is answered as lost (`LOST_TOOL_RESULT`), or, in the last message, as interrupted by a crash
 * (`INTERRUPTED_TOOL_RESULT`) unless `pendingAtEnd` (its calls wait for approval, and `resume({ approvals })`
 * answers them). Returns the repaired messages (the given ones are not changed) and what was done, in order;
 * `closing` is the user message appended to answer the last message's calls, when one was.
 */
export function repairConversation(messages: readonly Message[], options: { pendingAtEnd?: boolean } = {}): { messages: Message[]; repairs: ConversationRepair[]; closing?: Message } {
  const repairs: ConversationRepair[] = [];
  const joined = joinUserMessages(messages, repairs);
  const repaired: Message[] = [];
  for (const message of joined) {
    const previous = repaired.at(-1);
    if (message.role === 'assistant') {
      if (previous === undefined || previous.role === 'assistant') repaired.push(answerFor(previous, { repairs }));
      repaired.push(message);
      continue;
    }
    repaired.push(previous?.role === 'assistant' ? answered(previous, message, repairs) : message);
  }
  const last = repaired.at(-1);
  if (last?.role !== 'assistant' || options.pendingAtEnd || toolUses(last).length === 0) return { messages: repaired, repairs };
  const closing = answerFor(last, { repairs, interrupted: true });
  repaired.push(closing);
  return { messages: repaired, repairs, closing };
}

/**
 * Drops the tool results that answer no call of the message before them, and joins user messages that
 * follow each other, results first (the API would join them too; a prompt after a crash's answered calls,
 * or a lost model message between two, makes them). Empty messages go.
 */
function joinUserMessages(messages: readonly Message[], repairs: ConversationRepair[]): Message[] {
  const joined: Message[] = [];
  for (const message of messages) {
    const previous = joined.at(-1);
    if (message.role === 'assistant') {
      if (!isEmpty(message.content)) joined.push(message);
      continue;
    }
    const calls = previous?.role === 'assistant' ? new Set(toolUses(previous).map((use) => use.id)) : new Set<string>();
    const content = typeof message.content === 'string' ? message.content : keptBlocks(message.content, { calls, repairs });
    if (isEmpty(content)) continue;
    if (previous?.role !== 'user') {
      joined.push(content === message.content ? message : { role: 'user', content });
      continue;
    }
    joined[joined.length - 1] = { role: 'user', content: resultsFirst([...blocksOf(previous.content), ...blocksOf(content)]) };
  }
  return joined;
}

/** A user message's blocks without the results that answer none of `calls` (each reported once), nor a second result for one call. */
function keptBlocks(blocks: readonly Block[], options: { calls: ReadonlySet<string>; repairs: ConversationRepair[] }): Block[] {
  const answered = new Set<string>();
  const kept = blocks.filter((block) => {
    if (block.type !== 'tool_result') return true;
    if (options.calls.has(block.tool_use_id) && !answered.has(block.tool_use_id)) {
      answered.add(block.tool_use_id);
      return true;
    }
    options.repairs.push({ kind: 'orphan-result', toolUseId: block.tool_use_id });
    return false;
  });
  return kept.length === blocks.length ? (blocks as Block[]) : kept;
}

/** The user message after `call`'s message with every call of it answered (the missing ones as lost), results first. */
function answered(call: Message, reply: Message, repairs: ConversationRepair[]): Message {
  const blocks = blocksOf(reply.content);
  const results = new Set(blocks.flatMap((block) => (block.type === 'tool_result' ? [block.tool_use_id] : [])));
  const missing = toolUses(call).filter((use) => !results.has(use.id));
  const ordered = resultsFirst(blocks);
  if (missing.length === 0) return ordered.every((block, index) => block === blocks[index]) ? reply : { role: 'user', content: ordered };
  for (const use of missing) repairs.push({ kind: 'lost-result', toolUseId: use.id, toolName: use.name, input: use.input });
  return { role: 'user', content: resultsFirst([...missing.map((use) => errorResult(use.id, LOST_TOOL_RESULT)), ...ordered]) };
}

/**
 * The user message that must follow `previous` before another assistant message (or that opens a
 * conversation whose first message was lost): `previous`'s calls answered as lost (interrupted at the end),
 * or the lost-message placeholder when it made none.
 */
function answerFor(previous: Message | undefined, options: { repairs: ConversationRepair[]; interrupted?: boolean }): Message {
  const uses = previous ? toolUses(previous) : [];
  if (uses.length === 0) {
    options.repairs.push({ kind: 'lost-message' });
    return { role: 'user', content: [{ type: 'text', text: LOST_MESSAGE_TEXT }] };
  }
  const kind = options.interrupted ? 'interrupted-call' : 'lost-result';
  for (const use of uses) options.repairs.push({ kind, toolUseId: use.id, toolName: use.name, input: use.input });
  return { role: 'user', content: uses.map((use) => errorResult(use.id, options.interrupted ? INTERRUPTED_TOOL_RESULT : LOST_TOOL_RESULT)) };
}

function errorResult(toolUseId: string, content: string): Anthropic.ToolResultBlockParam {
  return { type: 'tool_result', tool_use_id: toolUseId, is_error: true, content };
}

function toolUses(message: Message): Anthropic.ToolUseBlockParam[] {
  if (typeof message.content === 'string') return [];
  return message.content.flatMap((block) => (block.type === 'tool_use' ? [block] : []));
}

function blocksOf(content: Message['content']): Block[] {
  return typeof content === 'string' ? [{ type: 'text', text: content }] : content;
}

/** The API wants a user message's tool results before its other blocks. */
function resultsFirst(blocks: Block[]): Block[] {
  const results = blocks.filter((block) => block.type === 'tool_result');
  if (results.length === 0 || blocks.slice(0, results.length).every((block) => block.type === 'tool_result')) return blocks;
  return [...results, ...blocks.filter((block) => block.type !== 'tool_result')];
}

function isEmpty(content: Message['content']): boolean {
  return typeof content === 'string' ? content.length === 0 : content.length === 0;
}
