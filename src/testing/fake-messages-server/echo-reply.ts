import type { FakeContentBlock, FakeMessageReply } from './fake-reply.ts';
import { exampleToolInput, type InputSchema } from './example-tool-input.ts';
import type { RecordedRequest } from './types.ts';

/** How much of the prompt and of each tool result a reply quotes. */
export const ECHO_QUOTE_LIMIT = 300;

type Block = { type?: string; text?: string; id?: string; name?: string; tool_use_id?: string; content?: unknown; is_error?: boolean };
type Message = { role?: string; content?: string | Block[] };
type Tool = { name?: string; input_schema?: InputSchema };

/**
 * The offline echo model: a reply built from the request alone, so an agent runs end to end with no key and
 * no network (`codev fake-model`, or `createFakeMessagesServer({ script: echoReply })`). It answers:
 * 1. when `tool_choice` forces a tool (`{ type: 'tool', name }`), a call of that tool;
 * 2. when the last user message holds tool results, a text quoting each (its tool's name, `error` when it
 *    is one, the result cut to 300 characters), ending the turn;
 * 3. when the prompt (the text of the last user message) names an offered tool as a whole word
 *    (`Use the WordCount tool`), a call of the first one named, with an input built from the tool's
 *    `input_schema` and the prompt (see `exampleToolInput`);
 * 4. else a text saying it is the offline fake model and quoting the prompt.
 * A request with thinking on also gets a short thinking block first (the server drops it otherwise).
 */
export function echoReply(request: RecordedRequest): FakeMessageReply {
  const body = request.body as { messages?: Message[]; tools?: Tool[]; tool_choice?: { type?: string; name?: string } };
  const messages = body.messages ?? [];
  const last = messages.at(-1);
  const blocks = typeof last?.content === 'string' ? [{ type: 'text', text: last.content }] : (last?.content ?? []);
  const tools = (body.tools ?? []).filter((tool): tool is Required<Tool> => typeof tool.name === 'string' && typeof tool.input_schema === 'object');
  const prompt = blocks.flatMap((block) => (block.type === 'text' && typeof block.text === 'string' ? [block.text] : [])).join('\n');
  const forced = body.tool_choice?.type === 'tool' ? tools.find((tool) => tool.name === body.tool_choice?.name) : undefined;
  const thinking: FakeContentBlock[] = [{ type: 'thinking', thinking: 'The offline fake model does not think; it echoes.' }];
  if (forced) return { content: [...thinking, callOf(forced, prompt)] };
  const results = blocks.filter((block) => block.type === 'tool_result');
  if (results.length > 0) return { content: [...thinking, { type: 'text', text: describeResults(results, messages.at(-2)) }] };
  const named = namedTool(tools, prompt);
  if (named) return { content: [...thinking, { type: 'text', text: `Offline fake model: calling ${named.name}, as the prompt asks.` }, callOf(named, prompt)] };
  return { content: [...thinking, { type: 'text', text: `This is codev's offline fake model (echo); no real model was called. Your prompt was: "${quote(prompt)}"` }] };
}

function callOf(tool: Required<Tool>, prompt: string): FakeContentBlock {
  return { type: 'tool_use', name: tool.name, input: exampleToolInput({ schema: tool.input_schema, prompt }) };
}

/** The offered tool the prompt names first (as a whole word), if any. */
function namedTool(tools: readonly Required<Tool>[], prompt: string): Required<Tool> | undefined {
  let first: { tool: Required<Tool>; at: number } | undefined;
  for (const tool of tools) {
    // A letter or digit of any script (u flag) next to the name makes it part of another word.
    const at = prompt.search(new RegExp(`(?<![\\p{L}\\p{N}_-])${tool.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}_-])`, 'u'));
    if (at >= 0 && (first === undefined || at < first.at)) first = { tool, at };
  }
  return first?.tool;
}

function describeResults(results: readonly Block[], previous: Message | undefined): string {
  const calls = Array.isArray(previous?.content) ? previous.content : [];
  const lines = results.map((result) => {
    const name = calls.find((call) => call.type === 'tool_use' && call.id === result.tool_use_id)?.name ?? 'a tool';
    return `- ${name}${result.is_error ? ' (error)' : ''}: ${quote(resultText(result.content))}`;
  });
  return `Offline fake model: the tool ${results.length === 1 ? 'result was' : 'results were'}:\n${lines.join('\n')}`;
}

function resultText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return (content as Block[]).map((block) => (block.type === 'text' ? (block.text ?? '') : `[${block.type}]`)).join(' ');
}

function quote(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= ECHO_QUOTE_LIMIT) return flat;
  // Not inside a surrogate pair (an emoji): half of one is no character.
  const end = /[\ud800-\udbff]/.test(flat[ECHO_QUOTE_LIMIT - 1]!) ? ECHO_QUOTE_LIMIT - 1 : ECHO_QUOTE_LIMIT;
  return `${flat.slice(0, end)}…`;
}
