import type Anthropic from '@anthropic-ai/sdk';
import { INTERRUPT_MESSAGE } from '../interrupt-message.ts';
import { pendingTaskNotifications } from '../pending-task-notifications.ts';
import { takeUserMessages } from './take-user-messages.ts';
import type { TurnStage } from './types.ts';

/**
 * Stage 6, after tool calls: the next user message is the tool results, then (after an abort) the
 * interrupt note, else the notifications of ended background tasks and the messages queued for the
 * agent (SendMessage, then `agent.send()`, each announced by a `user-message` event). Nothing is taken
 * after an abort: it stays for a later query.
 */
export const collectMessages: TurnStage = async function* collectMessages(state) {
  const { turn, agent } = state;
  if (turn.toolUses.length === 0) return;
  const ended = turn.interrupted ? undefined : pendingTaskNotifications(state.context);
  for (const notification of ended?.notifications ?? []) yield { type: 'task-notification', notification };
  const queued = turn.interrupted ? [] : takeUserMessages(agent, { messagesForAgent: true });
  for (const content of queued) yield { type: 'user-message', content };
  const interruptNote = turn.interrupted ? [{ type: 'text' as const, text: INTERRUPT_MESSAGE }] : [];
  agent.messages.push({ role: 'user', content: [...(turn.results as Anthropic.ToolResultBlockParam[]), ...interruptNote, ...(ended?.blocks ?? []), ...queued.flat()] });
};
