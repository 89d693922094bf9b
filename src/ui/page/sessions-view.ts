/** The sessions list (`/`): search, filters, one page of the table, paging. The query lives in the URL. */
import { useEffect, useState } from 'preact/hooks';
import { clearReady, markReady } from './mark-ready.ts';
import { html } from './html.ts';
import { useTitle } from './use-title.ts';
import { navigate } from './router.ts';
import { useJson } from './use-json.ts';
import { Pending } from './error-message.ts';
import { SessionsTable } from './sessions-table.ts';
import { Pager } from './pager.ts';
import { formatCount } from './format.ts';
import type { UiSessionList } from '../types.ts';

const PAGE_SIZE = 100;
const SEARCH_DELAY_MS = 250;

export function SessionsView(props: { query: URLSearchParams }) {
  useTitle('Sessions');
  const q = props.query.get('q') ?? '';
  const status = props.query.get('status') ?? '';
  const model = props.query.get('model') ?? '';
  const offset = Math.max(0, Number(props.query.get('offset')) || 0);
  const [search, setSearch] = useState(q);
  useEffect(() => setSearch(q), [q]);
  useEffect(() => {
    if (search === q) return;
    const timer = setTimeout(() => go({ q: search, offset: '' }, true), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);

  function go(change: Record<string, string>, replace = false) {
    // The address as it is now, not as this render saw it: a debounced search must not undo a filter picked meanwhile.
    const next = new URLSearchParams(location.search);
    for (const [key, value] of Object.entries(change)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    const text = next.toString();
    navigate(text ? `/?${text}` : '/', { replace });
  }

  const api = new URLSearchParams({ limit: String(PAGE_SIZE), offset: String(offset) });
  if (q) api.set('q', q);
  if (status) api.set('status', status);
  if (model) api.set('model', model);
  const list = useJson<UiSessionList>(`/api/sessions?${api}`);
  const data = list.data;
  useEffect(() => {
    if (!data) return;
    markReady('sessions');
    return clearReady;
  }, [data]);

  return html`<section aria-labelledby="sessions-title">
    <h1 id="sessions-title">Sessions</h1>
    <form class="filters" role="search" onSubmit=${(event: Event) => { event.preventDefault(); go({ q: search, offset: '' }); }}>
      <label>Search sessions
        <input type="search" value=${search} onInput=${(event: Event) => setSearch((event.target as HTMLInputElement).value)} placeholder="title, prompt, model, id" />
      </label>
      <label>Status
        <select value=${status} onChange=${(event: Event) => go({ status: (event.target as HTMLSelectElement).value, offset: '' })}>
          <option value="">all</option>
          <option value="running">running</option>
          <option value="waiting">waiting</option>
          <option value="idle">idle</option>
        </select>
      </label>
      <label>Model
        <select value=${model} onChange=${(event: Event) => go({ model: (event.target as HTMLSelectElement).value, offset: '' })}>
          <option value="">all</option>
          ${[...new Set([...(data?.models ?? []), ...(model ? [model] : [])])].map((name) => html`<option key=${name} value=${name}>${name}</option>`)}
        </select>
      </label>
    </form>
    <${Pending} error=${list.error} loading=${list.loading && !data} />
    ${data
      ? html`<p class="muted" aria-live="polite">
            ${data.total === 0 ? 'No sessions match.' : `${formatCount(data.total)} session${data.total === 1 ? '' : 's'}${data.total > data.rows.length ? `, showing ${formatCount(data.offset + 1)}–${formatCount(data.offset + data.rows.length)}` : ''}.`}
            ${data.skipped > 0 ? ` ${formatCount(data.skipped)} unreadable entr${data.skipped === 1 ? 'y' : 'ies'} skipped.` : ''}
          </p>
          ${data.rows.length > 0 ? html`<${SessionsTable} rows=${data.rows} />` : null}
          <${Pager} total=${data.total} offset=${data.offset} pageSize=${PAGE_SIZE} onPage=${(next: number) => go({ offset: next ? String(next) : '' })} />`
      : null}
  </section>`;
}
