/** The tools (`/tools`): the pool as loaded now (live over reloads), its load errors, and "Explain a call". */
import { html } from './html.ts';
import { useTitle } from './use-title.ts';
import { useJson } from './use-json.ts';
import { useEventSource } from './use-event-source.ts';
import { ErrorMessage, Pending } from './error-message.ts';
import { ToolsTable } from './tools-table.ts';
import { ExplainForm } from './explain-form.ts';
import type { UiToolPool } from '../types.ts';

export function ToolsView() {
  useTitle('Tools');
  const pool = useJson<UiToolPool>('/api/tools');
  // A reconnect reads the pool again (a reload while the stream was down is not sent again), then streams anew.
  useEventSource<UiToolPool>(pool.data && !pool.loading ? '/api/tools/events' : undefined, (next) => {
    if (Array.isArray(next.tools)) pool.update(() => next);
  }, pool.reload);
  const view = pool.data;
  return html`<h1>Tools</h1>
    ${view
      ? html`${view.errors.length > 0
            ? html`<div class="alert" role="alert">
                <p><strong>${view.errors.length} failed to load</strong> — every call they would have decided now asks.</p>
                <ul>${view.errors.map((error, index) => html`<li key=${index}><code>${error.source}</code>: ${error.message}${error.hint ? html` — <span class="hint">${error.hint}</span>` : null}</li>`)}</ul>
              </div>`
            : null}
          <p class="muted" aria-live="polite">${view.tools.length} tools, mode <code>${view.mode}</code>, reload ${view.generation}.</p>
          <${ExplainForm} tools=${view.tools} defaultMode=${view.mode} />
          <h2>Pool</h2>
          <${ToolsTable} tools=${view.tools} />`
      : pool.error
        ? html`<${ErrorMessage} error=${pool.error} />`
        : html`<${Pending} loading=${pool.loading} />`}`;
}
