import { endAgentSpan } from '../../telemetry/agent-span.ts';
import { failSpan } from '../../telemetry/fail-span.ts';
import { errorMessage } from '../../errors/codev-error.ts';
import type { AgentEvent, EndReason } from '../types.ts';
import { queryCostUsd } from './query-cost-usd.ts';
import { QUERY_STAGES, TURN_STAGES } from './turn-stages.ts';
import type { StageRun, TurnOutcome, TurnState } from './types.ts';

/**
 * Runs one query through its stages and yields its events, the last one always `end`:
 * 1. `QUERY_STAGES` run once; an `end` outcome ends the query there;
 * 2. `TURN_STAGES` run in order, turn after turn: an `end` outcome ends the query, `next-turn` starts the
 *    next turn at once, and a turn whose stages all go on is followed by another.
 * After every stage, the messages it added are appended to the session's transcript, so a crash loses at
 * most the stage that was running. What a stage throws is not caught: the query's generator throws it, with
 * no `end` event. The query's span ends with the `end` event, or failed with what a stage threw, or when
 * the consumer stops reading.
 */
export async function* runTurns(state: TurnState): AsyncGenerator<AgentEvent, void, void> {
  let ended = false;
  // One generator for the whole query: each event passes through no more layers than its stage's.
  try {
    let outcome: TurnOutcome | void = undefined;
    for (const stage of QUERY_STAGES) {
      const run = stage(state);
      outcome = isStageRun(run) ? yield* run : run;
      const saving = saveTranscript(state);
      if (saving) await saving;
      if (outcome?.type === 'end') break;
    }
    while (outcome?.type !== 'end') {
      outcome = undefined;
      for (const stage of TURN_STAGES) {
        const run = stage(state);
        outcome = isStageRun(run) ? yield* run : run;
        const saving = saveTranscript(state);
        if (saving) await saving;
        if (outcome) break;
      }
    }
    const end = endEvent(state, outcome.reason);
    endAgentSpan(state.agentSpan, end);
    ended = true;
    yield end;
  } catch (error) {
    failSpan(state.agentSpan, { type: 'exception', message: errorMessage(error), thrown: error });
    throw error;
  } finally {
    // A request's hold goes with the query, however it ended (a consumer that stopped reading, a throw).
    state.turn.reservation?.release();
    state.requests.close();
    if (!ended) state.agentSpan.end();
  }
}

/** A stage that had work to yield or await returned its generator; the others their outcome, or nothing. */
function isStageRun(run: TurnOutcome | void | StageRun): run is StageRun {
  return run !== undefined && 'next' in run;
}

/** Appends what the stage added; most stages add nothing, and then nothing is awaited. */
function saveTranscript(state: TurnState): Promise<void> | undefined {
  return state.agent.transcript.save(state.agent.messages, state.turn.reply);
}

function endEvent(state: TurnState, reason: EndReason): Extract<AgentEvent, { type: 'end' }> {
  const { sessionId } = state.agent.transcript;
  return { type: 'end', reason, turns: state.turns, usage: state.usage, costUsd: queryCostUsd(state), messages: [...state.agent.messages], ...(sessionId && { sessionId }), ...(state.output !== undefined && { output: state.output }) };
}
