import type { UiSessionList, UiSessionListQuery, UiSessionStatus } from '../../types.ts';
import type { SessionStore, SessionSummary } from '../../../transcripts/types.ts';
import { heldSessions } from './held-sessions.ts';
import { summaryRow } from './summary-row.ts';

/**
 * `GET /api/sessions`: the store's listing (the file store reads only what changed since its last one),
 * the held sessions `running`, filtered by `q` (id, title, prompts, model; case-insensitive), status and
 * model, then paged; only the page's summaries are made rows. What the folder holds that is not a session
 * is counted in `skipped`.
 */
export async function listSessionRows(options: { store: SessionStore; sessionsDirectory?: string; query: UiSessionListQuery & { offset: number; limit: number } }): Promise<UiSessionList> {
  const { store, sessionsDirectory, query } = options;
  let skipped = 0;
  const [summaries, held] = await Promise.all([store.list({ onSkip: () => void skipped++ }), sessionsDirectory === undefined ? new Set<string>() : heldSessions(sessionsDirectory)]);
  const models = new Set<string>();
  const needle = query.q?.toLowerCase();
  const matching: SessionSummary[] = [];
  for (const summary of summaries) {
    models.add(summary.model);
    if (query.status !== undefined && statusOf(summary, held) !== query.status) continue;
    if (query.model !== undefined && summary.model !== query.model) continue;
    if (needle !== undefined && !matches(summary, needle)) continue;
    matching.push(summary);
  }
  const rows = matching.slice(query.offset, query.offset + query.limit).map((summary) => summaryRow(summary, held.has(summary.id)));
  return { total: matching.length, offset: query.offset, rows, models: [...models].sort(), skipped };
}

function statusOf(summary: SessionSummary, held: ReadonlySet<string>): UiSessionStatus {
  return held.has(summary.id) ? 'running' : summary.pending ? 'waiting' : 'idle';
}

/** Whether the row's id, title (the first prompt's line), prompts or model hold `needle` (lower case). */
function matches(summary: SessionSummary, needle: string): boolean {
  return [summary.id, summary.firstPrompt, summary.lastPrompt, summary.model].some((field) => field !== undefined && field.toLowerCase().includes(needle));
}
