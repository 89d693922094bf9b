import { continueAfterStopHooks } from '../continue-after-stop-hooks.ts';
import { takeUserMessages } from './take-user-messages.ts';
import type { StageRun, TurnStage, TurnState } from './types.ts';

/**
 * Stage 8, the end of a turn. After tool calls: an abort ends the query (`aborted`), a call's request to
 * stop ends it (`stopped`), else the next turn. When the model ended without tool calls: `max_tokens` and
 * `refusal` end it as such. On `end_turn`, messages `agent.send()` queued become the next user message
 * (a `user-message` event each) and the query goes on, no Stop hook asked; otherwise it ends unless a
 * top-level agent's Stop hook blocks, whose reasons become the next user message (until
 * `MAX_STOP_HOOK_BLOCKS` blocks in a row).
 */
export const decideContinue: TurnStage = function decideContinue(state) {
  const { turn } = state;
  if (turn.toolUses.length > 0) {
    if (turn.interrupted) return { type: 'end', reason: 'aborted' };
    if (turn.stopRequested) return { type: 'end', reason: 'stopped' };
    return;
  }
  return endOfTurn(state);
};

/** The model ended without tool calls: the query ends, or goes on with what was sent or a Stop hook's reasons. */
async function* endOfTurn(state: TurnState): StageRun {
  const { turn, agent } = state;
  const stopReason = turn.reply?.stop_reason;
  const reason = stopReason === 'max_tokens' ? 'max_tokens' : stopReason === 'refusal' ? 'refusal' : 'end_turn';
  if (reason !== 'end_turn') return { type: 'end', reason };
  const sent = takeUserMessages(agent, { messagesForAgent: false });
  if (sent.length > 0) {
    for (const content of sent) yield { type: 'user-message', content };
    agent.messages.push({ role: 'user', content: sent.flat() });
    return;
  }
  if (!agent.topLevel) return { type: 'end', reason };
  const lastAssistantMessage = (turn.reply?.content ?? []).flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('\n\n').trim();
  const next = await continueAfterStopHooks({ context: state.context, signal: state.signal, blocks: state.stopBlocks, lastAssistantMessage });
  // An interrupt while the Stop hooks ran (they were abandoned) ends the query as any interrupt does.
  if (next === undefined) return { type: 'end', reason: state.signal.aborted ? 'aborted' : reason };
  state.stopBlocks++;
  agent.messages.push({ role: 'user', content: next });
}
