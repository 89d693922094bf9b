/** The fleet (`/fleet`): counts by state, the rate limit, the jobs table; live over /api/fleet/events. */
import { html } from './html.ts';
import { useTitle } from './use-title.ts';
import { useJson } from './use-json.ts';
import { useEventSource } from './use-event-source.ts';
import { ErrorMessage, Pending } from './error-message.ts';
import { JobsTable } from './jobs-table.ts';
import { formatCount, formatTime } from './format.ts';
import type { UiFleetEvent, UiFleetView, UiOverview } from '../types.ts';

/** As many jobs as the server sends at most: a new job pushes the oldest out. */
const MAX_JOBS = 200;

export function FleetView(props: { overview?: UiOverview; overviewFailed?: boolean }) {
  useTitle('Fleet');
  const fleet = props.overview?.fleet;
  if (!props.overview && !props.overviewFailed) return html`<h1>Fleet</h1><p class="muted">Loading…</p>`;
  if (fleet && !fleet.configured) {
    return html`<h1>Fleet</h1>
      <p>No fleet is configured for this project. Set <code>CODEV_REDIS_URL</code> or start <code>codev ui --redis URL</code> to see its queue here.</p>`;
  }
  return html`<h1>Fleet</h1>
    ${fleet?.error ? html`<${ErrorMessage} error=${fleet.error} title="The fleet cannot be reached" />` : html`<${FleetLive} />`}`;
}

function FleetLive() {
  const fleet = useJson<UiFleetView>('/api/fleet');
  // A reconnect reads the fleet again (what changed while the stream was down is not sent), then streams anew.
  useEventSource<UiFleetEvent>(fleet.data && !fleet.loading ? '/api/fleet/events' : undefined, (event) => {
    if (event.type === 'counts') fleet.update((view) => ({ ...view, counts: event.counts, rateLimit: event.rateLimit }));
    else if (event.type === 'job') {
      fleet.update((view) => {
        const index = view.jobs.findIndex((job) => job.id === event.job.id);
        const jobs = index === -1 ? [event.job, ...view.jobs].slice(0, MAX_JOBS) : view.jobs.map((job, position) => (position === index ? event.job : job));
        return { ...view, jobs };
      });
    }
  }, fleet.reload);
  const view = fleet.data;
  if (!view) return html`<${Pending} error=${fleet.error} loading=${fleet.loading} />`;
  const counts = Object.entries(view.counts).filter(([, count]) => count > 0);
  return html`<p class="muted">Queue <code>${view.queue}</code></p>
    <section aria-label="Counts by state">
      <ul class="counts">
        ${counts.length === 0 ? html`<li>No jobs.</li>` : counts.map(([state, count]) => html`<li key=${state}><span class="count">${formatCount(count)}</span> ${state}</li>`)}
      </ul>
    </section>
    <p class=${view.rateLimit.limited ? 'alert warning' : 'muted'}>
      ${view.rateLimit.limited
        ? `Rate limited${view.rateLimit.until ? ` until ${formatTime(view.rateLimit.until)}` : ''}: ${formatCount(view.rateLimit.delayedJobs)} job${view.rateLimit.delayedJobs === 1 ? '' : 's'} held back.`
        : 'Not rate limited.'}
    </p>
    <h2>Jobs</h2>
    ${view.jobs.length === 0 ? html`<p class="muted">The queue holds no jobs.</p>` : html`<${JobsTable} jobs=${view.jobs} />`}`;
}
