/**
 * "Explain a call": a tool, its input (JSON or a bare command/path), a mode → POST /api/explain, and the answer. The
 * verdict word sits in a status element that is there from the start, so that screen readers announce each answer.
 */
import { useId, useState } from 'preact/hooks';
import { html } from './html.ts';
import { postJson, toApiError, type ApiError } from './api.ts';
import { ErrorMessage } from './error-message.ts';
import { ExplanationView } from './explanation-view.ts';
import type { UiExplainRequest, UiExplanation, UiToolRow } from '../types.ts';

const MODES = ['default', 'acceptEdits', 'plan', 'auto', 'dontAsk', 'bypassPermissions'];

export function ExplainForm(props: { tools: UiToolRow[]; defaultMode: string }) {
  const id = useId();
  const [tool, setTool] = useState('Bash');
  const [input, setInput] = useState('');
  const [mode, setMode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError>();
  const [answer, setAnswer] = useState<UiExplanation>();
  async function explain(event: Event) {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    const request: UiExplainRequest = { tool: tool.trim(), input: parseInput(input), ...(mode ? { mode } : {}) };
    try {
      setAnswer(await postJson<UiExplanation>('/api/explain', request));
    } catch (caught) {
      setAnswer(undefined);
      setError(toApiError(caught));
    } finally {
      setBusy(false);
    }
  }
  return html`<section class="explain" aria-labelledby=${`${id}-title`}>
    <h2 id=${`${id}-title`}>Explain a call</h2>
    <form aria-label="Explain a call" onSubmit=${explain}>
      <div class="field">
        <label for=${`${id}-tool`}>Tool</label>
        <input id=${`${id}-tool`} list=${`${id}-tools`} value=${tool} required autocomplete="off" onInput=${(event: Event) => setTool((event.target as HTMLInputElement).value)} />
        <datalist id=${`${id}-tools`}>${props.tools.map((row) => html`<option key=${row.name} value=${row.name} />`)}</datalist>
      </div>
      <div class="field">
        <label for=${`${id}-input`}>Input</label>
        <textarea id=${`${id}-input`} rows="4" value=${input} aria-describedby=${`${id}-input-help`} onInput=${(event: Event) => setInput((event.target as HTMLTextAreaElement).value)}></textarea>
        <p id=${`${id}-input-help`} class="muted">A JSON object such as <code>{"command": "ls"}</code>, or a bare command, path or URL.</p>
      </div>
      <div class="field">
        <label for=${`${id}-mode`}>Mode</label>
        <select id=${`${id}-mode`} value=${mode} onChange=${(event: Event) => setMode((event.target as HTMLSelectElement).value)}>
          <option value="">as configured (${props.defaultMode})</option>
          ${MODES.map((name) => html`<option key=${name} value=${name}>${name}</option>`)}
        </select>
      </div>
      <button type="submit" class="primary" disabled=${busy}>Explain</button>
    </form>
    <p class="verdict">
      ${answer ? html`<span class="muted">Verdict: </span>` : null}
      <strong role="status" class=${answer ? `verdict-word verdict-${answer.verdict.behavior}` : ''}>${answer?.verdict.behavior ?? ''}</strong>
    </p>
    ${error ? html`<${ErrorMessage} error=${error} title="Cannot explain" />` : null}
    ${answer ? html`<${ExplanationView} explanation=${answer} />` : null}
  </section>`;
}

/** JSON when the text is a JSON object; otherwise the text itself (the server reads a bare command/path/URL). */
function parseInput(text: string): unknown {
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) {
    try {
      return JSON.parse(trimmed) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}
