/** One parked call: what it asks, and "Approve" / "Deny" (with an optional reason) → POST answer. */
import { useId, useState } from 'preact/hooks';
import { html } from './html.ts';
import { postJson, toApiError, type ApiError } from './api.ts';
import { ErrorMessage } from './error-message.ts';
import { prettyJson } from './format.ts';
import type { UiAnswerRequest, UiOk, UiParkedCall } from '../types.ts';
import { visibleText } from './visible-text.ts';

export function ParkedCall(props: { call: UiParkedCall; answerUrl: string; onAnswered: () => void }) {
  const { call } = props;
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError>();
  const [answered, setAnswered] = useState<string>();
  async function answer(behavior: 'allow' | 'deny') {
    setBusy(true);
    setError(undefined);
    const body: UiAnswerRequest = {
      approvals: { [call.toolUseId]: behavior === 'allow' ? { behavior } : reason.trim() ? { behavior, message: reason.trim() } : { behavior } },
    };
    try {
      await postJson<UiOk>(props.answerUrl, body);
      setAnswered(behavior === 'allow' ? 'Approved' : 'Denied');
      props.onAnswered();
    } catch (caught) {
      setError(toApiError(caught));
    } finally {
      setBusy(false);
    }
  }
  // What is approved is what is seen: no character here may reorder or hide what the call does.
  const toolName = visibleText(call.toolName);
  return html`<article class="parked" aria-label=${`Approval for ${toolName}`}>
    <h3>${toolName}</h3>
    ${call.message ? html`<p>${visibleText(call.message)}</p>` : null}
    <pre class="input">${visibleText(prettyJson(call.input))}</pre>
    <div class="actions">
      <button type="button" class="primary" disabled=${busy || answered !== undefined} onClick=${() => answer('allow')}>Approve</button>
      <div class="deny-group">
        <label for=${reasonId}>Reason for denying (optional)</label>
        <input id=${reasonId} type="text" value=${reason} onInput=${(event: Event) => setReason((event.target as HTMLInputElement).value)} />
        <button type="button" class="danger" disabled=${busy || answered !== undefined} onClick=${() => answer('deny')}>Deny</button>
      </div>
    </div>
    <p role="status">${answered ? `${answered}; the job resumes.` : ''}</p>
    ${error ? html`<${ErrorMessage} error=${error} title="The answer was not taken" />` : null}
  </article>`;
}
