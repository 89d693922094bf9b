/** The fleet's jobs as a table; each row links its job by id. */
import { html } from './html.ts';
import { memo } from './memo.ts';
import { StatusBadge } from './status-badge.ts';
import { clip, formatCost, formatCount, formatTime } from './format.ts';
import type { UiJobRow } from '../types.ts';

export function JobsTable(props: { jobs: UiJobRow[] }) {
  return html`<div class="table-scroll" tabindex="0" role="region" aria-label="Jobs table">
    <table class="jobs">
      <thead>
        <tr>
          <th scope="col">Job</th><th scope="col">State</th><th scope="col">Prompt</th><th scope="col" class="number">Turn</th>
          <th scope="col" class="number">Cost</th><th scope="col">Last tool</th><th scope="col" class="number">Attempts</th><th scope="col">Submitted</th>
        </tr>
      </thead>
      <tbody>${props.jobs.map((job) => html`<${JobRowView} key=${job.id} job=${job} />`)}</tbody>
    </table>
  </div>`;
}

const JobRowView = memo(function JobRowView(props: { job: UiJobRow }) {
  const { job } = props;
  return html`<tr>
    <td><a href=${`/fleet/jobs/${encodeURIComponent(job.id)}`}>${job.id}</a></td>
    <td><${StatusBadge} status=${job.state} /></td>
    <td class="prompt" title=${job.prompt}>${clip(job.prompt, 120)}</td>
    <td class="number">${formatCount(job.turn)}</td>
    <td class="number">${formatCost(job.costUsd)}</td>
    <td>${job.lastTool ?? ''}${job.worker ? html` <span class="muted">on ${job.worker}</span>` : null}</td>
    <td class="number">${formatCount(job.attempts)}</td>
    <td>${formatTime(job.submittedAt)}</td>
  </tr>`;
});
