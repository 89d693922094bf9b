/** "Cancel job" with a confirm step in the page (keyboard reachable, focus moved to it), then POST cancel. */
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { html } from './html.ts';
import { postJson, toApiError, type ApiError } from './api.ts';
import { ErrorMessage } from './error-message.ts';
import type { UiOk } from '../types.ts';

export function CancelJob(props: { url: string; onCancelled: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError>();
  const confirmButton = useRef<HTMLButtonElement>(null);
  const startButton = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(false);
  useLayoutEffect(() => {
    if (confirming) confirmButton.current?.focus();
    else if (wasConfirming.current) startButton.current?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);
  async function cancel() {
    setBusy(true);
    setError(undefined);
    try {
      await postJson<UiOk>(props.url, {});
      setConfirming(false);
      props.onCancelled();
    } catch (caught) {
      setError(toApiError(caught));
    } finally {
      setBusy(false);
    }
  }
  return html`<section class="cancel" aria-label="Cancel">
    ${confirming
      ? html`<div class="confirm" role="group" aria-labelledby="cancel-question" onKeyDown=${(event: KeyboardEvent) => event.key === 'Escape' && setConfirming(false)}>
          <p id="cancel-question">Cancel this job? Its worker stops it; this cannot be undone.</p>
          <button type="button" class="danger" ref=${confirmButton} disabled=${busy} onClick=${cancel}>Yes, cancel</button>
          <button type="button" onClick=${() => setConfirming(false)}>Keep it</button>
        </div>`
      : html`<button type="button" class="danger" ref=${startButton} onClick=${() => setConfirming(true)}>Cancel job</button>`}
    ${error ? html`<${ErrorMessage} error=${error} title="Not cancelled" />` : null}
  </section>`;
}
