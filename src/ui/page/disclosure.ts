/** A `<details>` whose content is built only once opened (large inputs, results, subagents stay cheap until asked for). */
import { useState } from 'preact/hooks';
import type { ComponentChildren } from 'preact';
import { html } from './html.ts';

export function Disclosure(props: { summary: ComponentChildren; class?: string; open?: boolean; children: () => ComponentChildren }) {
  const [open, setOpen] = useState(props.open ?? false);
  return html`<details class=${props.class} open=${open} onToggle=${(event: Event) => setOpen((event.currentTarget as HTMLDetailsElement).open)}>
    <summary>${props.summary}</summary>
    ${open ? props.children() : null}
  </details>`;
}
