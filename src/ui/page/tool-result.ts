/** A tool's result: its preview, "Show all" to fetch the whole, and the file a large one was saved to. */
import { useState } from 'preact/hooks';
import { html } from './html.ts';
import { getJson, toApiError, type ApiError } from './api.ts';
import { ErrorMessage } from './error-message.ts';
import { formatCount } from './format.ts';
import type { UiToolResult, UiToolResultText } from '../types.ts';

export function ToolResultView(props: { result: UiToolResult; url: string }) {
  const { result } = props;
  const [whole, setWhole] = useState<UiToolResultText>();
  const [error, setError] = useState<ApiError>();
  const [busy, setBusy] = useState(false);
  const cut = result.chars > result.preview.length;
  // A saved result's transcript holds only the model's preview: the whole is in its file, behind "Show all".
  const more = cut || result.persistedPath !== undefined;
  async function showAll() {
    setBusy(true);
    try {
      setWhole(await getJson<UiToolResultText>(props.url));
      setError(undefined);
    } catch (caught) {
      setError(toApiError(caught));
    } finally {
      setBusy(false);
    }
  }
  return html`<section class=${`result${result.isError ? ' result-error' : ''}`} aria-label="Result">
    <p class="label">${result.isError ? 'Error result' : 'Result'}${cut ? ` (${formatCount(result.chars)} characters)` : ''}${result.attachments > 0 ? `, ${result.attachments} attachment${result.attachments === 1 ? '' : 's'}` : ''}</p>
    ${result.persistedPath ? html`<p class="muted">Saved to <code>${result.persistedPath}</code></p>` : null}
    <pre tabindex="0">${whole ? whole.text : result.preview}${!whole && cut ? '…' : ''}</pre>
    ${whole?.truncated ? html`<p class="muted">Cut at ${formatCount(whole.text.length)} characters.</p>` : null}
    ${more && !whole ? html`<button type="button" onClick=${showAll} disabled=${busy}>${busy ? 'Loading…' : 'Show all'}</button>` : null}
    ${error ? html`<${ErrorMessage} error=${error} />` : null}
  </section>`;
}
