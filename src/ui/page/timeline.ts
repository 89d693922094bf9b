/** A session's timeline: every item keyed by id and memoized, so a live item renders only itself. */
import { useEffect, useState } from 'preact/hooks';
import { html } from './html.ts';
import { memo } from './memo.ts';
import { TimelineComponent } from './timeline-context.ts';
import { ToolCall } from './tool-call.ts';
import { LongText } from './long-text.ts';
import { formatCount, formatDuration, formatTime } from './format.ts';
import { clearReady, markReady } from './mark-ready.ts';
import type { UiTimelineItem } from '../types.ts';

/** Items rendered before the first paint; the rest follow in steps, so that a long session shows at once. */
const FIRST_ITEMS = 200;
const STEP_ITEMS = 400;

export function Timeline(props: { items: UiTimelineItem[]; sessionId: string; resultsBase?: string }) {
  const [shown, setShown] = useState(FIRST_ITEMS);
  const total = props.items.length;
  // Effects run after the browser has the first items: the timeline is on screen from here.
  useEffect(() => {
    markReady('session');
    return clearReady;
  }, [props.sessionId]);
  useEffect(() => {
    if (shown >= total) return;
    const timer = setTimeout(() => setShown((count) => (count + STEP_ITEMS >= total ? Number.POSITIVE_INFINITY : count + STEP_ITEMS)), 0);
    return () => clearTimeout(timer);
  }, [shown, total]);
  if (props.items.length === 0) return html`<p class="muted">Nothing in this session yet.</p>`;
  const resultsBase = props.resultsBase ?? `/api/sessions/${encodeURIComponent(props.sessionId)}`;
  return html`<${TimelineComponent.Provider} value=${Timeline}>
    <ol class="timeline">
      ${(total > shown ? props.items.slice(0, shown) : props.items).map((item) => html`<${TimelineEntry} key=${item.id} item=${item} resultsBase=${resultsBase} />`)}
    </ol>
  <//>`;
}

const TimelineEntry = memo(function TimelineEntry(props: { item: UiTimelineItem; resultsBase: string }) {
  const { item } = props;
  return html`<li class=${`item item-${item.kind}`}>${renderItem(item, props.resultsBase)}</li>`;
});

function renderItem(item: UiTimelineItem, resultsBase: string) {
  switch (item.kind) {
    case 'prompt':
      return html`<section class="prompt-item" aria-label="Prompt">
        <h3 class="label">Prompt <time datetime=${item.timestamp}>${formatTime(item.timestamp)}</time></h3>
        <${LongText} text=${item.text} />
        ${item.attachments > 0 ? html`<p class="muted">${item.attachments} attachment${item.attachments === 1 ? '' : 's'}</p>` : null}
      </section>`;
    case 'text':
      return html`<div class="assistant"><${LongText} text=${item.text} /></div>`;
    case 'thinking':
      return html`<details class="thinking"><summary>Thinking</summary>
        ${item.redacted ? html`<p><em>Redacted.</em></p>` : html`<${LongText} text=${item.text} />`}
      </details>`;
    case 'tool-call':
      return html`<${ToolCall} call=${item} resultsBase=${resultsBase} />`;
    case 'compaction':
      return html`<p class="marker compaction">
        Compacted (${item.trigger}): ${formatCount(item.tokensBefore)} → ${formatCount(item.tokensAfter)} tokens
      </p>`;
    case 'retry':
      return html`<p class="marker retry">
        Retry ${item.attempt} of ${item.maxRetries} after ${formatDuration(item.waitMs)}: ${item.error.message}${item.error.code ?? item.error.status ? ` (${item.error.code ?? item.error.status})` : ''}
      </p>`;
    case 'model-fallback':
      return html`<p class="marker fallback">Fell back from ${item.from} to ${item.to}: ${item.error.message}</p>`;
    case 'checkpoint':
      return html`<p class="marker small">Checkpoint at turn ${item.turn}</p>`;
    case 'rewind':
      return html`<p class="marker small">Rewound to turn ${item.turn} (${formatCount(item.kept)} messages kept)</p>`;
    case 'note':
      return html`<div class="note"><${LongText} text=${item.text} /></div>`;
    default:
      return null;
  }
}
