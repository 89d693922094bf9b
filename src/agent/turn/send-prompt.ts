import { startQueryMessage } from '../start-query-message.ts';
import { toContentBlocks } from '../prompt-input.ts';
import { takeUserMessages } from './take-user-messages.ts';
import type { TurnStage } from './types.ts';

/**
 * Before the first turn (unless `agent.resume()` only answers waiting calls): the prompt, with the hooks' context and ended tasks' notifications, becomes the
 * query's first user message. A UserPromptSubmit hook's block ends the query with `blocked`, no request made.
 * Messages `agent.send()` queued too late for the previous query come first in it (a `user-message` event each).
 */
export const sendPrompt: TurnStage = async function* sendPrompt(state) {
  const { agent, context, signal } = state;
  if (state.prompt === undefined) return;
  const start = await startQueryMessage({ prompt: state.prompt, context, signal, runHooks: agent.topLevel, session: agent.sessionStart });
  if (start.type === 'blocked') {
    yield { type: 'prompt-blocked', reason: start.reason, hookName: start.hookName };
    return { type: 'end', reason: 'blocked' };
  }
  const late = takeUserMessages(agent, { messagesForAgent: false });
  for (const content of late) yield { type: 'user-message', content };
  agent.messages.push(late.length === 0 ? start.message : { role: 'user', content: [...late.flat(), ...toContentBlocks(start.message.content)] });
  for (const notification of start.notifications) yield { type: 'task-notification', notification };
};
