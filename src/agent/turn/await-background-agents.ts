import { pendingTaskNotifications, waitForBackgroundAgents } from '../pending-task-notifications.ts';
import type { StageRun, TurnStage, TurnState } from './types.ts';

/**
 * Stage 7, when the model ended its turn and `waitForBackgroundAgents` is on: waits for the background
 * subagents it started; when any ended meanwhile, their notifications become the next user message and
 * the query goes on to another turn.
 */
export const awaitBackgroundAgents: TurnStage = function awaitBackgroundAgents(state) {
  const { turn } = state;
  if (turn.toolUses.length > 0 || turn.reply?.stop_reason !== 'end_turn' || !state.agent.waitForBackgroundAgents) return;
  return awaitAgents(state);
};

async function* awaitAgents(state: TurnState): StageRun {
  const { signal } = state;
  if (!(await waitForBackgroundAgents(state.context, signal))) return;
  const ended = pendingTaskNotifications(state.context);
  if (signal.aborted) return { type: 'end', reason: 'aborted' };
  for (const notification of ended.notifications) yield { type: 'task-notification', notification };
  if (ended.blocks.length === 0) return;
  state.agent.messages.push({ role: 'user', content: ended.blocks });
  return { type: 'next-turn' };
}
