/** A session's or job's state as a word in a badge (the word carries it, not the color). */
import { html } from './html.ts';

export function StatusBadge(props: { status: string }) {
  return html`<span class=${`badge badge-${props.status}`}>${props.status}</span>`;
}
