/** A subagent's session, nested: read only when the disclosure opens. */
import { html } from './html.ts';
import { Disclosure } from './disclosure.ts';
import { useSession } from './use-session.ts';
import { Pending } from './error-message.ts';
import { useContext } from 'preact/hooks';
import { TimelineComponent } from './timeline-context.ts';

export function Subagent(props: { sessionId: string }) {
  return html`<${Disclosure} class="subagent" summary="Subagent">${() => html`<${SubagentTimeline} sessionId=${props.sessionId} />`}<//>`;
}

function SubagentTimeline(props: { sessionId: string }) {
  const Timeline = useContext(TimelineComponent);
  const session = useSession(`/api/sessions/${encodeURIComponent(props.sessionId)}`, { live: false });
  if (!session.data) return html`<${Pending} error=${session.error} loading=${session.loading} />`;
  return html`<p class="muted"><a href=${`/sessions/${encodeURIComponent(props.sessionId)}`}>${session.data.row.title}</a></p>
    ${Timeline ? html`<${Timeline} items=${session.data.items} sessionId=${session.data.id} />` : null}`;
}
