import { oneLine } from '../transcripts/message-text.ts';
import type { ConversationRepair, TranscriptProblem } from '../transcripts/types.ts';
import type { ResumeRepairs } from './create-agent-transcript.ts';
import type { AgentEvent } from './types.ts';

const INPUT_LENGTH = 100;

const PROBLEM_TEXT: Readonly<Record<TranscriptProblem['kind'], string>> = {
  torn: 'was cut short (skipped)',
  invalid: 'was damaged (skipped)',
  duplicate: 'repeats an earlier one (skipped)',
  gap: 'follows lost lines',
};

type CallRepair = Extract<ConversationRepair, { kind: 'interrupted-call' | 'lost-result' }>;

/** The `session-repaired` event of a resumed session's repairs, with a message that says what happened and what to check. */
export function sessionRepairedEvent(found: ResumeRepairs): Extract<AgentEvent, { type: 'session-repaired' }> {
  const { sessionId, problems, repairs } = found;
  const lines: string[] = [];
  const interrupted = repairs.filter((repair): repair is CallRepair => repair.kind === 'interrupted-call');
  if (interrupted.length > 0) lines.push(`Session ${sessionId} stopped while codev ran ${interrupted.length === 1 ? 'a tool call' : `${interrupted.length} tool calls`}; ${interrupted.length === 1 ? 'it was' : 'they were'} answered as interrupted and may have run in part or not at all: ${interrupted.map(describeCall).join('; ')}. Check their effects.`);
  if (problems.length > 0) lines.push(`Session ${sessionId}: ${problems.map((problem) => `line ${problem.line} ${PROBLEM_TEXT[problem.kind]}`).join(', ')}.`);
  const lost = repairs.filter((repair): repair is CallRepair => repair.kind === 'lost-result');
  const dropped = count(repairs, 'orphan-result');
  const placeholders = count(repairs, 'lost-message');
  const changes = [
    lost.length > 0 && `${lost.length} call(s) answered as lost (${lost.map(describeCall).join('; ')})`,
    dropped > 0 && `${dropped} result(s) of lost calls dropped`,
    placeholders > 0 && `${placeholders} lost message(s) marked as lost`,
  ].filter((change): change is string => typeof change === 'string');
  if (changes.length > 0) lines.push(`The conversation was repaired so the model can read it: ${changes.join(', ')}.`);
  return { type: 'session-repaired', sessionId, problems, repairs, message: lines.join('\n') };
}

function describeCall(repair: CallRepair): string {
  return `${repair.toolName} ${oneLine(JSON.stringify(repair.input) ?? '', INPUT_LENGTH)} (${repair.toolUseId})`;
}

function count(repairs: readonly ConversationRepair[], kind: ConversationRepair['kind']): number {
  return repairs.filter((repair) => repair.kind === kind).length;
}
