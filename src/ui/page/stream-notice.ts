/** How a live view's stream stands, in words, in a status region that is always there (read out when it changes). */
import { html } from './html.ts';
import type { StreamState } from './use-event-source.ts';

export function StreamNotice(props: { state: StreamState }) {
  const text = props.state === 'lost' ? 'Live updates lost: the codev ui server does not answer. Trying again…' : props.state === 'closed' ? 'Live updates stopped: the server refused the stream. Trying again shortly (or reload the page).' : '';
  return html`<p role="status" class=${text ? 'alert stream-notice' : 'stream-notice'}>${text}</p>`;
}
