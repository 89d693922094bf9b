/** A session's facts as a description list, and the transcript lines it skipped. */
import { html } from './html.ts';
import { StatusBadge } from './status-badge.ts';
import { formatCost, formatCount, formatDuration, formatTime } from './format.ts';
import type { UiSessionView } from '../types.ts';

export function SessionMeta(props: { view: UiSessionView }) {
  const { view } = props;
  const { row } = view;
  return html`<dl class="meta">
      <div><dt>Status</dt><dd aria-live="polite"><${StatusBadge} status=${row.status} /></dd></div>
      <div><dt>Model</dt><dd>${row.model}</dd></div>
      <div><dt>Working directory</dt><dd><code>${view.cwd}</code></dd></div>
      ${view.permissionMode ? html`<div><dt>Mode</dt><dd>${view.permissionMode}</dd></div>` : null}
      <div><dt>Created</dt><dd>${formatTime(row.createdAt)}</dd></div>
      <div><dt>Duration</dt><dd>${formatDuration(row.durationMs)}</dd></div>
      <div><dt>Cost</dt><dd>${formatCost(row.costUsd)}</dd></div>
      <div><dt>Tokens</dt><dd>${formatCount(row.inputTokens)} in, ${formatCount(row.outputTokens)} out</dd></div>
      <div><dt>Turns</dt><dd>${formatCount(row.turns)}</dd></div>
      ${row.forkedFrom
        ? html`<div><dt>Forked from</dt><dd><a href=${`/sessions/${encodeURIComponent(row.forkedFrom.sessionId)}`}>${row.forkedFrom.sessionId}</a></dd></div>`
        : null}
      ${row.parentSessionId
        ? html`<div><dt>Parent</dt><dd><a href=${`/sessions/${encodeURIComponent(row.parentSessionId)}`}>${row.parentSessionId}</a></dd></div>`
        : null}
      <div><dt>Id</dt><dd><code>${view.id}</code></dd></div>
    </dl>
    ${view.problems.length > 0
      ? html`<details class="alert warning">
          <summary>${formatCount(view.problems.length)} transcript line${view.problems.length === 1 ? '' : 's'} skipped</summary>
          <ul>${view.problems.slice(0, 100).map((problem) => html`<li key=${problem.line}>Line ${problem.line} (${problem.kind}): ${problem.message}</li>`)}</ul>
        </details>`
      : null}`;
}
