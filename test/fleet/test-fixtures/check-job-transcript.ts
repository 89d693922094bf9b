/**
 * A chaos job's transcript holds each turn once: user and assistant alternate, every tool call has exactly
 * one result in the next message and no result is without its call, no call id repeats, each assistant
 * message is the very reply the chaos model gives to the messages before it (so no turn is missing or
 * doubled), and the last says `done <tag>`. Returns the problems found.
 */
import { isDeepStrictEqual } from 'node:util';
import type Anthropic from '@anthropic-ai/sdk';
import { chaosReply } from './chaos-model.ts';

export function checkJobTranscript(options: { tag: string; messages: readonly Anthropic.MessageParam[] }): string[] {
  const { messages } = options;
  const problems: string[] = [];
  const blocksOf = (message: Anthropic.MessageParam | undefined) => (message === undefined || typeof message.content === 'string' ? [] : message.content);
  const seen = new Set<string>();
  messages.forEach((message, index) => {
    if (message.role !== (index % 2 === 0 ? 'user' : 'assistant')) problems.push(`message ${index} is from ${message.role}`);
    if (message.role !== 'assistant') return;
    const uses = blocksOf(message).filter((block) => block.type === 'tool_use');
    for (const use of uses) {
      if (seen.has(use.id)) problems.push(`tool call ${use.id} appears twice`);
      seen.add(use.id);
      const answers = blocksOf(messages[index + 1]).filter((block) => block.type === 'tool_result' && block.tool_use_id === use.id);
      if (answers.length !== 1) problems.push(`tool call ${use.id} has ${answers.length} results`);
    }
    const expected = chaosReply(messages.slice(0, index)).content.map((block) => (block.type === 'tool_use' ? { type: block.type, id: block.id, name: block.name, input: block.input } : block));
    const actual = blocksOf(message).map((block) => (block.type === 'tool_use' ? { type: block.type, id: block.id, name: block.name, input: block.input } : block.type === 'text' ? { type: 'text', text: block.text } : { type: block.type }));
    if (!isDeepStrictEqual(actual, expected)) problems.push(`message ${index} is not the model's reply to the messages before it: ${JSON.stringify(actual).slice(0, 300)}`);
  });
  for (const [index, message] of messages.entries()) {
    if (message.role !== 'user' || index === 0) continue;
    for (const block of blocksOf(message)) if (block.type === 'tool_result' && !blocksOf(messages[index - 1]).some((use) => use.type === 'tool_use' && use.id === block.tool_use_id)) problems.push(`result ${block.tool_use_id} answers no call of the message before`);
  }
  const last = blocksOf(messages.at(-1)).find((block) => block.type === 'text');
  if (messages.at(-1)?.role !== 'assistant' || last?.type !== 'text' || last.text !== `done ${options.tag}`) problems.push(`the transcript does not end with "done ${options.tag}" but ${JSON.stringify(last?.type === 'text' ? last.text : messages.at(-1)?.role)}`);
  return problems;
}
