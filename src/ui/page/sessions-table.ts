/** One page of sessions as a table (scrolls sideways inside its own box on narrow screens). */
import { html } from './html.ts';
import { memo } from './memo.ts';
import { StatusBadge } from './status-badge.ts';
import { clip, formatCost, formatDuration, formatTokens, formatCount } from './format.ts';
import type { UiSessionRow } from '../types.ts';

export function SessionsTable(props: { rows: UiSessionRow[] }) {
  return html`<div class="table-scroll" tabindex="0" role="region" aria-label="Sessions table">
    <table class="sessions">
      <thead>
        <tr>
          <th scope="col">Title</th><th scope="col" class="prompt">First prompt</th><th scope="col">Model</th>
          <th scope="col" class="number">Turns</th><th scope="col" class="number">Cost</th><th scope="col" class="number">Tokens</th>
          <th scope="col" class="number">Duration</th><th scope="col">Status</th><th scope="col">Forked from</th>
        </tr>
      </thead>
      <tbody>${props.rows.map((row) => html`<${SessionRowView} key=${row.id} row=${row} />`)}</tbody>
    </table>
  </div>`;
}

const SessionRowView = memo(function SessionRowView(props: { row: UiSessionRow }) {
  const { row } = props;
  return html`<tr>
    <td class="title"><a href=${`/sessions/${encodeURIComponent(row.id)}`}>${row.title}</a></td>
    <td class="prompt" title=${row.firstPrompt}>${clip(row.firstPrompt ?? '', 120)}</td>
    <td>${row.model}</td>
    <td class="number">${formatCount(row.turns)}</td>
    <td class="number">${formatCost(row.costUsd)}</td>
    <td class="number" title=${`${formatCount(row.inputTokens)} in, ${formatCount(row.outputTokens)} out`}>${formatTokens(row.inputTokens + row.outputTokens)}</td>
    <td class="number">${formatDuration(row.durationMs)}</td>
    <td><${StatusBadge} status=${row.status} /></td>
    <td>${row.forkedFrom ? html`<a class="short-id" href=${`/sessions/${encodeURIComponent(row.forkedFrom.sessionId)}`} title=${row.forkedFrom.sessionId}>${row.forkedFrom.sessionId}</a>` : ''}</td>
  </tr>`;
});
