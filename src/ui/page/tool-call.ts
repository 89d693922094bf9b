/** One tool call: name, decision, duration, input (collapsed when long), result, diff, todos, subagent. */
import { html } from './html.ts';
import { Disclosure } from './disclosure.ts';
import { ToolResultView } from './tool-result.ts';
import { DiffView } from './diff-view.ts';
import { TodoList } from './todo-list.ts';
import { Subagent } from './subagent.ts';
import { decisionText } from './decision-text.ts';
import { formatDuration, prettyJson } from './format.ts';
import type { UiTimelineItem } from '../types.ts';

type ToolCallItem = Extract<UiTimelineItem, { kind: 'tool-call' }>;

const INLINE_INPUT_CHARS = 600;
const INLINE_INPUT_LINES = 12;

export function ToolCall(props: { call: ToolCallItem; resultsBase: string }) {
  const { call } = props;
  const input = prettyJson(call.input);
  const long = input.length > INLINE_INPUT_CHARS || input.split('\n', INLINE_INPUT_LINES + 1).length > INLINE_INPUT_LINES;
  const state = call.waiting ? 'waiting' : call.result ? (call.result.isError ? 'error' : 'done') : 'running';
  return html`<article class=${`tool-call tool-${state}`} aria-label=${`${call.toolName} call`}>
    <header class="tool-head">
      <h3 class="tool-name">${call.toolName}</h3>
      ${call.waiting ? html`<span class="badge badge-waiting">Waiting for approval</span>` : null}
      ${call.decision ? html`<span class=${`decision decision-${call.decision.behavior}`}>${decisionText(call.decision)}</span>` : null}
      ${call.durationMs !== undefined ? html`<span class="muted">${formatDuration(call.durationMs)}</span>` : null}
      ${call.errorCode ? html`<span class="error-code">error <code>${call.errorCode}</code></span>` : null}
      ${!call.result && !call.waiting ? html`<span class="muted">no result yet</span>` : null}
    </header>
    ${long
      ? html`<${Disclosure} class="input" summary=${`Input (${input.length.toLocaleString('en-US')} characters)`}>${() => html`<pre>${input}</pre>`}<//>`
      : html`<pre class="input">${input}</pre>`}
    ${call.diff ? html`<${DiffView} diff=${call.diff} />` : null}
    ${call.todos ? html`<${TodoList} todos=${call.todos} />` : null}
    ${call.result ? html`<${ToolResultView} result=${call.result} url=${`${props.resultsBase}/results/${encodeURIComponent(call.id)}`} />` : null}
    ${call.subagentSessionId ? html`<${Subagent} sessionId=${call.subagentSessionId} />` : null}
  </article>`;
}
