/** A fleet job's session timeline (the fleet's store), live while the job runs. */
import { useEffect, useRef } from 'preact/hooks';
import { html } from './html.ts';
import { useSession } from './use-session.ts';
import { Pending } from './error-message.ts';
import { Timeline } from './timeline.ts';
import { TurnChart } from './turn-chart.ts';
import { StreamNotice } from './stream-notice.ts';

export function JobSession(props: { url: string; live: boolean }) {
  const session = useSession(props.url, { live: props.live });
  // The job's end may be told before the stream's last items: read the session once more when it ends.
  const wasLive = useRef(props.live);
  useEffect(() => {
    if (wasLive.current && !props.live) session.reload();
    wasLive.current = props.live;
  }, [props.live]);
  return html`<section aria-labelledby="job-session-title">
    <h2 id="job-session-title">Session</h2>
    <${StreamNotice} state=${session.stream} />
    ${session.data
      ? html`${session.data.turns.length > 0 ? html`<${TurnChart} turns=${session.data.turns} />` : null}
          <${Timeline} items=${session.data.items} sessionId=${session.data.id} />`
      : html`<${Pending} error=${session.error} loading=${session.loading} />`}
  </section>`;
}
