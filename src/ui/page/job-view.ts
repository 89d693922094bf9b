/** A fleet job's page (`/fleet/jobs/:id`): its facts, parked calls to answer, cancel, checkpoints, workspace, log, session. */
import { html } from './html.ts';
import { useTitle } from './use-title.ts';
import { useJson } from './use-json.ts';
import { useEventSource } from './use-event-source.ts';
import { Pending } from './error-message.ts';
import { StatusBadge } from './status-badge.ts';
import { ParkedCall } from './parked-call.ts';
import { CancelJob } from './cancel-job.ts';
import { JobSession } from './job-session.ts';
import { formatCost, formatCount, formatTime } from './format.ts';
import type { UiFleetEvent, UiJobView } from '../types.ts';

const FINISHED = new Set(['completed', 'failed', 'cancelled']);

export function JobView(props: { id: string }) {
  const base = `/api/fleet/jobs/${encodeURIComponent(props.id)}`;
  const job = useJson<UiJobView>(base);
  // A reconnect reads the job again (a change while the stream was down is not sent again), then streams anew.
  useEventSource<UiFleetEvent>(job.data && !job.loading ? '/api/fleet/events' : undefined, (event) => {
    if (event.type !== 'job' || event.job.id !== props.id) return;
    job.update((view) => ({ ...view, job: event.job, parked: event.parked ?? (event.job.state === 'parked' ? view.parked : []) }));
  }, job.reload);
  const view = job.data;
  useTitle(`Job ${props.id}`);
  if (!view) return html`<h1>Job ${props.id}</h1><${Pending} error=${job.error} loading=${job.loading} />`;
  const row = view.job;
  return html`<article class="job" aria-labelledby="job-title">
    <h1 id="job-title">Job ${row.id}</h1>
    <dl class="meta">
      <div><dt>State</dt><dd aria-live="polite"><${StatusBadge} status=${row.state} /></dd></div>
      <div><dt>Turn</dt><dd>${formatCount(row.turn)}</dd></div>
      <div><dt>Cost</dt><dd>${formatCost(row.costUsd)}</dd></div>
      <div><dt>Attempts</dt><dd>${formatCount(row.attempts)}</dd></div>
      <div><dt>Submitted</dt><dd>${formatTime(row.submittedAt)}</dd></div>
      ${row.script ? html`<div><dt>Script</dt><dd><code>${row.script}</code></dd></div>` : null}
      ${row.lastTool ? html`<div><dt>Last tool</dt><dd>${row.lastTool}</dd></div>` : null}
      ${row.worker ? html`<div><dt>Worker</dt><dd>${row.worker}</dd></div>` : null}
      ${row.rewoundFrom ? html`<div><dt>Rewound from</dt><dd><a href=${`/fleet/jobs/${encodeURIComponent(row.rewoundFrom.jobId)}`}>${row.rewoundFrom.jobId}</a> at turn ${row.rewoundFrom.turn}</dd></div>` : null}
    </dl>
    <section aria-label="Prompt"><h2>Prompt</h2><div class="text">${row.prompt}</div></section>
    ${row.error ? html`<p class="alert" role="alert">${row.error}</p>` : null}
    ${view.parked.length > 0
      ? html`<section aria-labelledby="parked-title"><h2 id="parked-title">Waiting for approval</h2>
          ${view.parked.map((call) => html`<${ParkedCall} key=${call.toolUseId} call=${call} answerUrl=${`${base}/answer`} onAnswered=${job.reload} />`)}
        </section>`
      : null}
    ${FINISHED.has(row.state) ? null : html`<${CancelJob} url=${`${base}/cancel`} onCancelled=${job.reload} />`}
    ${view.result ? html`<section aria-label="Result"><h2>Result</h2>
        <p><${StatusBadge} status=${view.result.status} />${view.result.endReason ? ` (${view.result.endReason})` : ''}</p>
        ${view.result.error ? html`<p class="alert">${view.result.error.message} <code>${view.result.error.code}</code></p>` : null}
        ${view.result.text ? html`<div class="text">${view.result.text}</div>` : null}
      </section>` : null}
    ${view.checkpoints.length > 0 ? html`<section aria-labelledby="checkpoints-title"><h2 id="checkpoints-title">Checkpoints</h2>
        <ul>${view.checkpoints.map((checkpoint) => html`<li key=${checkpoint.turn}>Turn ${checkpoint.turn}${checkpoint.commit ? html` — commit <code>${checkpoint.commit.slice(0, 12)}</code>` : null}</li>`)}</ul>
      </section>` : null}
    ${view.workspace ? html`<section aria-labelledby="workspace-title"><h2 id="workspace-title">Workspace</h2>
        <dl class="meta">
          ${view.workspace.repository ? html`<div><dt>Repository</dt><dd><code>${view.workspace.repository}</code></dd></div>` : null}
          ${view.workspace.branch ? html`<div><dt>Branch</dt><dd><code>${view.workspace.branch}</code></dd></div>` : null}
          ${view.workspace.commit ? html`<div><dt>Commit</dt><dd><code>${view.workspace.commit}</code></dd></div>` : null}
          ${view.workspace.patch ? html`<div><dt>Patch</dt><dd><code>${view.workspace.patch}</code></dd></div>` : null}
        </dl>
      </section>` : null}
    ${view.log.length > 0 ? html`<section aria-labelledby="log-title"><h2 id="log-title">Life log</h2>
        <ol class="log">${view.log.map((line, index) => html`<li key=${index}>${line.at ? html`<time datetime=${line.at}>${formatTime(line.at)}</time> ` : null}${line.text}</li>`)}</ol>
      </section>` : null}
    ${view.sessionId ? html`<${JobSession} url=${`${base}/session`} live=${!FINISHED.has(row.state)} />` : null}
  </article>`;
}
