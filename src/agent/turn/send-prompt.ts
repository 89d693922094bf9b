import { startQueryMessage } from '../start-query-message.ts';
import type { TurnStage } from './types.ts';

/**
 * Before the first turn (unless `agent.resume()` only answers waiting calls): the prompt, with the hooks' context and ended tasks' notifications, becomes the
 * query's first user message. A UserPromptSubmit hook's block ends the query with `blocked`, no request made.
 */
export const sendPrompt: TurnStage = async function* sendPrompt(state) {
  const { agent, context, signal } = state;
  if (state.prompt === undefined) return;
  const start = await startQueryMessage({ prompt: state.prompt, context, signal, runHooks: agent.topLevel, session: agent.sessionStart });
  if (start.type === 'blocked') {
    yield { type: 'prompt-blocked', reason: start.reason, hookName: start.hookName };
    return { type: 'end', reason: 'blocked' };
  }
  agent.messages.push(start.message);
  for (const notification of start.notifications) yield { type: 'task-notification', notification };
};
