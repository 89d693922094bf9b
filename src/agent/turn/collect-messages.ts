import type Anthropic from '@anthropic-ai/sdk';
import { INTERRUPT_MESSAGE } from '../interrupt-message.ts';
import { pendingTaskNotifications } from '../pending-task-notifications.ts';
import { takeUserMessages } from './take-user-messages.ts';
import type { StageRun, TurnStage, TurnState } from './types.ts';

type Notifications = ReturnType<typeof pendingTaskNotifications>;

/**
 * Stage 6, after tool calls: the next user message is the tool results, then (after an abort) the
 * interrupt note, else the notifications of ended background tasks and the messages queued for the
 * agent (SendMessage, then `agent.send()`, each announced by a `user-message` event). Nothing is taken
 * after an abort: it stays for a later query.
 */
export const collectMessages: TurnStage = function collectMessages(state) {
  const { turn, agent } = state;
  if (turn.toolUses.length === 0) return;
  const ended = turn.interrupted ? undefined : pendingTaskNotifications(state.context);
  if (ended && ended.notifications.length > 0) return announce(state, ended);
  const queued = turn.interrupted ? [] : takeUserMessages(agent, { messagesForAgent: true });
  if (queued.length > 0) return announce(state, ended, queued);
  pushUserMessage(state, ended, queued);
};

/** Each ended task announced, then each queued message (taken after the announcements), then the message. */
async function* announce(state: TurnState, ended: Notifications | undefined, taken?: Anthropic.ContentBlockParam[][]): StageRun {
  for (const notification of ended?.notifications ?? []) yield { type: 'task-notification', notification };
  const queued = taken ?? (state.turn.interrupted ? [] : takeUserMessages(state.agent, { messagesForAgent: true }));
  for (const content of queued) yield { type: 'user-message', content };
  pushUserMessage(state, ended, queued);
}

function pushUserMessage(state: TurnState, ended: Notifications | undefined, queued: Anthropic.ContentBlockParam[][]): void {
  const interruptNote = state.turn.interrupted ? [{ type: 'text' as const, text: INTERRUPT_MESSAGE }] : [];
  state.agent.messages.push({ role: 'user', content: [...(state.turn.results as Anthropic.ToolResultBlockParam[]), ...interruptNote, ...(ended?.blocks ?? []), ...queued.flat()] });
}
