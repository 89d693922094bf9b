/** An API error as people read it: message, code, and the fix when there is one. */
import { html } from './html.ts';
import type { ApiError } from './api.ts';

export function ErrorMessage(props: { error: { code: string; message: string; hint?: string }; title?: string }) {
  const { error } = props;
  return html`<div class="alert" role="alert">
    <p><strong>${props.title ?? 'Error'}:</strong> ${error.message} <code>${error.code}</code></p>
    ${error.hint ? html`<p class="hint">${error.hint}</p>` : null}
  </div>`;
}

/** Loading, error or nothing: what a view shows before its data. */
export function Pending(props: { error?: ApiError; loading: boolean }) {
  if (props.error) return html`<${ErrorMessage} error=${props.error} />`;
  return props.loading ? html`<p class="muted" aria-busy="true">Loading…</p>` : null;
}
