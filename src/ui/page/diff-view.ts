/** A unified diff: each line marked by its sign in text (+, −) and by color; a carriage return shown (␍). */
import { html } from './html.ts';
import type { UiFileDiff } from '../types.ts';

const MAX_SHOWN_LINES = 400;

export function DiffView(props: { diff: UiFileDiff }) {
  const { diff } = props;
  const shown = diff.lines.slice(0, MAX_SHOWN_LINES);
  return html`<figure class="diff">
    <figcaption>Changes to <code>${diff.path}</code></figcaption>
    <pre>${shown.map((line, index) => html`<span key=${index} class=${lineClass(line)}>${lineText(line)}${'\n'}</span>`)}</pre>
    ${diff.truncated || diff.lines.length > shown.length ? html`<p class="muted">More lines left out.</p>` : null}
  </figure>`;
}

/** A line as text, its carriage return (CRLF line endings) visible: else a change of line endings reads as no change. */
function lineText(line: string) {
  if (!line.endsWith('\r')) return line;
  return html`${line.slice(0, -1)}<abbr class="carriage-return" title="carriage return" aria-label="carriage return">␍</abbr>`;
}

function lineClass(line: string): string {
  if (line.startsWith('@@')) return 'diff-hunk';
  if (line.startsWith('+')) return 'diff-add';
  if (line.startsWith('-')) return 'diff-remove';
  return 'diff-same';
}
