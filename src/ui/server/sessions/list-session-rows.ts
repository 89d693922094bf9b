import type { UiSessionList, UiSessionListQuery, UiSessionRow } from '../../types.ts';
import type { SessionStore } from '../../../transcripts/types.ts';
import { heldSessions } from './held-sessions.ts';
import { summaryRow } from './summary-row.ts';

/**
 * `GET /api/sessions`: the store's listing (the file store reads only what changed since its last one) as
 * rows, the held ones `running`, filtered by `q` (id, title, prompts, model; case-insensitive), status and
 * model, then paged. What the folder holds that is not a session is counted in `skipped`.
 */
export async function listSessionRows(options: { store: SessionStore; sessionsDirectory?: string; query: UiSessionListQuery & { offset: number; limit: number } }): Promise<UiSessionList> {
  const { store, sessionsDirectory, query } = options;
  let skipped = 0;
  const [summaries, held] = await Promise.all([store.list({ onSkip: () => void skipped++ }), sessionsDirectory === undefined ? new Set<string>() : heldSessions(sessionsDirectory)]);
  const models = new Set<string>();
  const needle = query.q?.toLowerCase();
  const rows: UiSessionRow[] = [];
  for (const summary of summaries) {
    models.add(summary.model);
    const row = summaryRow(summary, held.has(summary.id));
    if (query.status !== undefined && row.status !== query.status) continue;
    if (query.model !== undefined && row.model !== query.model) continue;
    if (needle !== undefined && !matches(row, needle)) continue;
    rows.push(row);
  }
  return { total: rows.length, offset: query.offset, rows: rows.slice(query.offset, query.offset + query.limit), models: [...models].sort(), skipped };
}

function matches(row: UiSessionRow, needle: string): boolean {
  return [row.id, row.title, row.firstPrompt, row.lastPrompt, row.model].some((field) => field !== undefined && field.toLowerCase().includes(needle));
}
