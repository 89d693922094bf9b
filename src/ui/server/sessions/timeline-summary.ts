import type { UiSessionRow, UiSessionStatus, UiTurnCost } from '../../types.ts';
import type { TimelineState } from './timeline-state.ts';

/**
 * The turns' tokens and costs: from the session's `request` records, summed per turn; for a session written
 * before codev recorded requests, from its replies' usage (one per turn, cost unknown).
 */
export function turnsOf(state: TimelineState): UiTurnCost[] {
  if (state.turns.size > 0) return [...state.turns.values()].sort((left, right) => left.turn - right.turn).map((turn) => ({ ...turn }));
  return state.replies.map((reply, index) => ({ turn: index + 1, ...reply, costUsd: null, durationMs: 0 }));
}

/** The session's row as its timeline tells it, with the status found elsewhere (its lock, its pending calls). */
export function rowOf(state: TimelineState, status: UiSessionStatus): UiSessionRow {
  const { metadata, stats } = state;
  const updatedAt = stats.lastTimestamp ?? metadata.createdAt;
  return {
    id: metadata.id,
    title: titleOf(stats.firstPrompt, metadata.id),
    ...(stats.firstPrompt !== undefined && { firstPrompt: stats.firstPrompt }),
    ...(stats.lastPrompt !== undefined && { lastPrompt: stats.lastPrompt }),
    model: metadata.model,
    turns: stats.turns,
    messages: stats.messages,
    ...(stats.costUsd !== undefined && { costUsd: stats.costUsd }),
    inputTokens: stats.inputTokens,
    outputTokens: stats.outputTokens,
    createdAt: metadata.createdAt,
    updatedAt,
    durationMs: durationBetween(metadata.createdAt, updatedAt),
    status: status === 'idle' && state.waiting.size > 0 ? 'waiting' : status,
    ...(metadata.forkedFrom && { forkedFrom: metadata.forkedFrom }),
    ...(metadata.parentSessionId !== undefined && { parentSessionId: metadata.parentSessionId }),
  };
}

/** A row's title: the first prompt's first line, trimmed; the id when there is none. */
export function titleOf(firstPrompt: string | undefined, id: string): string {
  const line = firstPrompt?.split('\n', 1)[0]?.trim();
  return line ? line : id;
}

/** Milliseconds from one ISO time to another; 0 when either cannot be read or the order is reversed. */
export function durationBetween(from: string, to: string): number {
  const duration = Date.parse(to) - Date.parse(from);
  return Number.isFinite(duration) && duration > 0 ? duration : 0;
}
