/** "Newer" / "Older" over a paged list, with where we are. */
import { html } from './html.ts';
import { formatCount } from './format.ts';

export function Pager(props: { total: number; offset: number; pageSize: number; onPage: (offset: number) => void }) {
  const { total, offset, pageSize } = props;
  if (total <= pageSize) return null;
  const page = Math.floor(offset / pageSize) + 1;
  const pages = Math.ceil(total / pageSize);
  return html`<nav class="pager" aria-label="Pages">
    <button type="button" disabled=${offset === 0} onClick=${() => props.onPage(Math.max(0, offset - pageSize))}>Newer</button>
    <span>Page ${formatCount(page)} of ${formatCount(pages)}</span>
    <button type="button" disabled=${offset + pageSize >= total} onClick=${() => props.onPage(offset + pageSize)}>Older</button>
  </nav>`;
}
