import { awaitBackgroundAgents } from './await-background-agents.ts';
import { callModel } from './call-model.ts';
import { checkLimits } from './check-limits.ts';
import { checkOutput } from './check-output.ts';
import { collectMessages } from './collect-messages.ts';
import { compactContext } from './compact-context.ts';
import { decideContinue } from './decide-continue.ts';
import { prepareTurn } from './prepare-turn.ts';
import { recordCheckpoint } from './record-checkpoint.ts';
import { recordReply } from './record-reply.ts';
import { runToolCalls } from './run-tool-calls.ts';
import { sendPrompt } from './send-prompt.ts';
import { settlePendingCalls } from './settle-pending-calls.ts';
import type { TurnStage } from './types.ts';

/** Once per query, before its first turn. A persisted session's resumed transcript is in place before this. */
export const QUERY_STAGES: readonly TurnStage[] = [
  settlePendingCalls, // calls that waited for approval: run the approved ones, refuse the others; their results
  sendPrompt, // SessionStart and UserPromptSubmit hooks; the prompt as the first user message
];

/**
 * One turn of the agent loop, in order; turns repeat until a stage ends the query. A stage may end the query
 * (`end`, the last event) or skip to the next turn (`next-turn`); otherwise the next stage runs.
 *
 * After every stage, `runTurns` appends what it added to `agent.messages` to the session's transcript.
 *
 * Where upcoming work goes:
 * - limits on the turn count or time: `checkLimits`, beside `maxTurns`; limits on what a request may cost
 *   are checked at each request (`holdTurnRequest`), where its estimate is held while it is in flight.
 */
export const TURN_STAGES: readonly TurnStage[] = [
  checkLimits, // 1. not aborted, turns left
  compactContext, // 2. past the threshold of the context window: clear old tool results, then summarize
  prepareTurn, // 3. the latest context; the tools to send; under a limit, the request's estimate held (or the query ends); count the turn; turn-start
  callModel, // 4. one streamed request, with retries; "prompt is too long" compacts and retries once; an error or abort ends the query
  recordReply, // 5. usage, the assistant message, its text, its tool calls
  checkOutput, // 6. with an outputSchema: a StructuredOutput call (or JSON text) validated; issues sent back, or OUTPUT_INVALID
  recordCheckpoint, // 7. with checkpoints: the files before the tool calls (recorded since the request started) as the session's turn N
  runToolCalls, // 8. every tool_use through the tool-call pipeline
  collectMessages, // 9. results, notifications and queued messages as the next user message
  awaitBackgroundAgents, // 10. on end_turn, optionally: background subagents' notifications, then another turn
  decideContinue, // 11. stop, abort, next turn; on end_turn messages agent.send() queued start the next turn, else Stop hooks
];
