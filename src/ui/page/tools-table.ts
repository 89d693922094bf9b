/** The tool pool as a table. */
import { html } from './html.ts';
import type { UiToolRow } from '../types.ts';

export function ToolsTable(props: { tools: UiToolRow[] }) {
  return html`<div class="table-scroll" tabindex="0" role="region" aria-label="Pool">
    <table class="tools">
      <thead><tr><th scope="col">Name</th><th scope="col">Source</th><th scope="col">Aliases</th><th scope="col">Flags</th><th scope="col">Summary</th><th scope="col">Read-only</th></tr></thead>
      <tbody>
        ${props.tools.map((tool) => html`<tr key=${tool.name}>
          <th scope="row"><code>${tool.name}</code></th>
          <td>${tool.source}</td>
          <td>${tool.aliases.join(', ')}</td>
          <td>${tool.flags.join(', ')}</td>
          <td class="summary">${tool.summary}</td>
          <td>${tool.readOnly ? 'yes' : 'no'}</td>
        </tr>`)}
      </tbody>
    </table>
  </div>`;
}
