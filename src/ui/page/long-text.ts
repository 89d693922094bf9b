/** Text that may be huge (a pasted file, a long note): the first part at once, the rest on "Show all". */
import { useState } from 'preact/hooks';
import { html } from './html.ts';
import { formatCount } from './format.ts';

const SHOWN_CHARS = 3000;

export function LongText(props: { text: string; class?: string }) {
  const [whole, setWhole] = useState(false);
  const cut = !whole && props.text.length > SHOWN_CHARS;
  return html`<div class=${`text ${props.class ?? ''}`}>${cut ? `${props.text.slice(0, SHOWN_CHARS)}…` : props.text}</div>
    ${cut ? html`<button type="button" onClick=${() => setWhole(true)}>Show all ${formatCount(props.text.length)} characters</button>` : null}`;
}
