import { continueAfterStopHooks } from '../continue-after-stop-hooks.ts';
import type { TurnStage } from './types.ts';

/**
 * Stage 8, the end of a turn. After tool calls: an abort ends the query (`aborted`), a call's request to
 * stop ends it (`stopped`), else the next turn. When the model ended without tool calls: `max_tokens` and
 * `refusal` end it as such; an `end_turn` ends it unless a top-level agent's Stop hook blocks, whose
 * reasons become the next user message (until `MAX_STOP_HOOK_BLOCKS` blocks in a row).
 */
export const decideContinue: TurnStage = async function* decideContinue(state) {
  const { turn, agent } = state;
  if (turn.toolUses.length > 0) {
    if (turn.interrupted) return { type: 'end', reason: 'aborted' };
    if (turn.stopRequested) return { type: 'end', reason: 'stopped' };
    return;
  }
  const stopReason = turn.reply?.stop_reason;
  const reason = stopReason === 'max_tokens' ? 'max_tokens' : stopReason === 'refusal' ? 'refusal' : 'end_turn';
  if (reason !== 'end_turn' || !agent.topLevel) return { type: 'end', reason };
  const lastAssistantMessage = (turn.reply?.content ?? []).flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('\n\n').trim();
  const next = await continueAfterStopHooks({ context: state.context, signal: state.signal, blocks: state.stopBlocks, lastAssistantMessage });
  if (next === undefined) return { type: 'end', reason };
  state.stopBlocks++;
  agent.messages.push({ role: 'user', content: next });
};
