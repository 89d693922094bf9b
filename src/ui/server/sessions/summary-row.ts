import type { UiSessionRow, UiSessionStatus } from '../../types.ts';
import type { SessionSummary } from '../../../transcripts/types.ts';
import { durationBetween, titleOf } from './timeline-summary.ts';

/** A listing's summary as a row of the sessions list: `running` when `held`, `waiting` when it ended with calls waiting. */
export function summaryRow(summary: SessionSummary, held: boolean): UiSessionRow {
  const status: UiSessionStatus = held ? 'running' : summary.pending ? 'waiting' : 'idle';
  return {
    id: summary.id,
    title: titleOf(summary.firstPrompt, summary.id),
    ...(summary.firstPrompt !== undefined && { firstPrompt: summary.firstPrompt }),
    ...(summary.lastPrompt !== undefined && { lastPrompt: summary.lastPrompt }),
    model: summary.model,
    turns: summary.turns,
    messages: summary.messages,
    ...(summary.costUsd !== undefined && { costUsd: summary.costUsd }),
    inputTokens: summary.inputTokens,
    outputTokens: summary.outputTokens,
    createdAt: summary.createdAt,
    updatedAt: summary.updatedAt,
    durationMs: durationBetween(summary.createdAt, summary.updatedAt),
    status,
    ...(summary.forkedFrom && { forkedFrom: summary.forkedFrom }),
    ...(summary.parentSessionId !== undefined && { parentSessionId: summary.parentSessionId }),
  };
}
