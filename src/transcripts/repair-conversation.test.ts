import type Anthropic from '@anthropic-ai/sdk';
import { describe, expect, it } from 'vitest';
import { validateToolPairing } from '../testing/fake-messages-server/validate-tool-pairing.ts';
import { INTERRUPTED_TOOL_RESULT, LOST_MESSAGE_TEXT, LOST_TOOL_RESULT, repairConversation } from './repair-conversation.ts';

type Message = Anthropic.MessageParam;

const prompt = (text: string): Message => ({ role: 'user', content: text });
const calls = (...ids: string[]): Message => ({ role: 'assistant', content: [{ type: 'text', text: 'working' }, ...ids.map((id) => ({ type: 'tool_use' as const, id, name: 'Note', input: { id } }))] });
const results = (...ids: string[]): Message => ({ role: 'user', content: ids.map((id) => ({ type: 'tool_result' as const, tool_use_id: id, content: `done ${id}` })) });
const answer = (text: string): Message => ({ role: 'assistant', content: [{ type: 'text', text }] });

/** What the Messages API asks of a conversation: a user message first, roles alternating, every call answered in the next message, results first. */
function problemOf(messages: readonly Message[]): string | undefined {
  if (messages[0]?.role !== 'user') return 'first message is not the user\'s';
  for (let index = 1; index < messages.length; index++) if (messages[index]!.role === messages[index - 1]!.role) return `messages ${index - 1} and ${index} have one role`;
  for (const message of messages) {
    if (typeof message.content === 'string') continue;
    if (message.content.length === 0) return 'an empty message';
    const firstOther = message.content.findIndex((block) => block.type !== 'tool_result');
    if (firstOther !== -1 && message.content.slice(firstOther).some((block) => block.type === 'tool_result')) return 'a tool result after other blocks';
  }
  return validateToolPairing(messages);
}

describe('repairConversation', () => {
  it('leaves a valid conversation as it is', () => {
    const messages = [prompt('go'), calls('a', 'b'), results('a', 'b'), answer('done')];
    expect(repairConversation(messages)).toEqual({ messages, repairs: [] });
  });

  it('answers the last message\'s calls as interrupted, unless they wait for approval', () => {
    const messages = [prompt('go'), calls('a')];
    const repaired = repairConversation(messages);
    expect(repaired.closing).toEqual({ role: 'user', content: [{ type: 'tool_result', tool_use_id: 'a', is_error: true, content: INTERRUPTED_TOOL_RESULT }] });
    expect(repaired.repairs).toEqual([{ kind: 'interrupted-call', toolUseId: 'a', toolName: 'Note', input: { id: 'a' } }]);
    expect(repairConversation(messages, { pendingAtEnd: true })).toEqual({ messages, repairs: [] });
  });

  it('a lost result message: its calls answered as lost before the next reply', () => {
    const repaired = repairConversation([prompt('go'), calls('a'), calls('b'), results('b'), answer('done')]);
    expect(repaired.messages[2]).toEqual({ role: 'user', content: [{ type: 'tool_result', tool_use_id: 'a', is_error: true, content: LOST_TOOL_RESULT }] });
    expect(repaired.repairs).toEqual([{ kind: 'lost-result', toolUseId: 'a', toolName: 'Note', input: { id: 'a' } }]);
    expect(problemOf(repaired.messages)).toBeUndefined();
  });

  it('a lost call message: its results dropped, the user messages around it joined', () => {
    const repaired = repairConversation([prompt('go'), results('a'), answer('done')]);
    expect(repaired.messages).toEqual([prompt('go'), answer('done')]);
    expect(repaired.repairs).toEqual([{ kind: 'orphan-result', toolUseId: 'a' }]);
    const steered: Message = { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'a', content: 'x' }, { type: 'text', text: 'and also' }] };
    const joined = repairConversation([prompt('go'), steered, answer('done')]);
    expect(joined.messages[0]).toEqual({ role: 'user', content: [{ type: 'text', text: 'go' }, { type: 'text', text: 'and also' }] });
    expect(joined.repairs.map((repair) => repair.kind)).toEqual(['orphan-result']);
  });

  it('a lost first prompt, or a lost prompt between two answers: a placeholder', () => {
    const repaired = repairConversation([answer('one'), answer('two')]);
    expect(repaired.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(repaired.messages[0]).toEqual({ role: 'user', content: [{ type: 'text', text: LOST_MESSAGE_TEXT }] });
    expect(repaired.repairs).toEqual([{ kind: 'lost-message' }, { kind: 'lost-message' }]);
  });

  it('keeps one result per call, the missing ones answered as lost, results first', () => {
    const reply: Message = { role: 'user', content: [{ type: 'text', text: 'note' }, { type: 'tool_result', tool_use_id: 'a', content: '1' }, { type: 'tool_result', tool_use_id: 'a', content: '2' }] };
    const repaired = repairConversation([prompt('go'), calls('a', 'b'), reply, answer('done')]);
    expect(repaired.messages[2]).toEqual({
      role: 'user',
      content: [
        { type: 'tool_result', tool_use_id: 'b', is_error: true, content: LOST_TOOL_RESULT },
        { type: 'tool_result', tool_use_id: 'a', content: '1' },
        { type: 'text', text: 'note' },
      ],
    });
    expect(repaired.repairs.map((repair) => repair.kind)).toEqual(['orphan-result', 'lost-result']);
  });

  it('whatever messages of a conversation are lost, what is left is one the API takes', () => {
    const conversation = [prompt('go'), calls('a', 'b'), results('a', 'b'), calls('c'), results('c'), answer('noted'), prompt('more'), calls('d'), results('d'), answer('done')];
    // Every subset of lost messages (2^10): the class of damage, not one case.
    for (let lost = 0; lost < 1 << conversation.length; lost++) {
      const left = conversation.filter((_message, index) => (lost & (1 << index)) === 0);
      const { messages } = repairConversation(left);
      if (messages.length === 0) continue;
      expect(problemOf(messages), `lost ${lost.toString(2)}`).toBeUndefined();
      expect(left).toEqual(conversation.filter((_message, index) => (lost & (1 << index)) === 0));
    }
  });
});
