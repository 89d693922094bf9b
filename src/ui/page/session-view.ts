/** A session's page (`/sessions/:id`): title, meta, the per-turn chart, the timeline; live (a session idle now may be continued). */
import { html } from './html.ts';
import { useTitle } from './use-title.ts';
import { useSession } from './use-session.ts';
import { Pending } from './error-message.ts';
import { SessionMeta } from './session-meta.ts';
import { TurnChart } from './turn-chart.ts';
import { Timeline } from './timeline.ts';
import { TodoList } from './todo-list.ts';
import { StreamNotice } from './stream-notice.ts';

export function SessionView(props: { id: string }) {
  // Followed even while idle: the session may be continued (`codev -c`, a resume elsewhere) while its page is open.
  const session = useSession(`/api/sessions/${encodeURIComponent(props.id)}`, { live: true });
  const view = session.data;
  useTitle(session.data?.row.title ?? `Session ${props.id}`);
  if (!view) return html`<h1>Session ${props.id}</h1><${Pending} error=${session.error} loading=${session.loading} />`;
  return html`<article class="session" aria-labelledby="session-title">
    <h1 id="session-title">${view.row.title}</h1>
    <${StreamNotice} state=${session.stream} />
    <${SessionMeta} view=${view} />
    ${view.turns.length > 0 ? html`<${TurnChart} turns=${view.turns} />` : null}
    ${view.todos && view.todos.length > 0 ? html`<section aria-label="Tasks"><h2>Tasks</h2><${TodoList} todos=${view.todos} /></section>` : null}
    <h2>Timeline</h2>
    <${Timeline} items=${view.items} sessionId=${view.id} />
  </article>`;
}
