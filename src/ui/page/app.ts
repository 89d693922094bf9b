/** The app: the header over the view the path names. */
import { html } from './html.ts';
import { useLocation, onLinkClick } from './router.ts';
import { useJson } from './use-json.ts';
import { Header } from './header.ts';
import { SessionsView } from './sessions-view.ts';
import { SessionView } from './session-view.ts';
import { FleetView } from './fleet-view.ts';
import { JobView } from './job-view.ts';
import { ToolsView } from './tools-view.ts';
import { ErrorMessage } from './error-message.ts';
import { ViewBoundary } from './view-boundary.ts';
import type { UiOverview } from '../types.ts';

export function App() {
  const location = useLocation();
  const overview = useJson<UiOverview>('/api/overview');
  return html`<div class="shell" onClick=${onLinkClick}>
    <${Header} overview=${overview.data} path=${location.path} />
    <main id="main" tabindex="-1">
      ${overview.error ? html`<${ErrorMessage} error=${overview.error} title="Cannot read the project" />` : null}
      <${ViewBoundary} key=${location.path}>${route(location.path, location.query, overview.data, overview.error !== undefined)}<//>
    </main>
  </div>`;
}

function route(path: string, query: URLSearchParams, overview: UiOverview | undefined, overviewFailed: boolean) {
  const session = /^\/sessions\/([^/]+)\/?$/.exec(path);
  if (session) return html`<${SessionView} key=${session[1]} id=${decodeURIComponent(session[1]!)} />`;
  const job = /^\/fleet\/jobs\/([^/]+)\/?$/.exec(path);
  if (job) return html`<${JobView} key=${job[1]} id=${decodeURIComponent(job[1]!)} />`;
  if (path === '/fleet' || path === '/fleet/') return html`<${FleetView} overview=${overview} overviewFailed=${overviewFailed} />`;
  if (path === '/tools' || path === '/tools/') return html`<${ToolsView} />`;
  if (path === '/' || path === '') return html`<${SessionsView} query=${query} />`;
  return html`<h1>Not found</h1><p>Nothing here. <a href="/">Back to the sessions</a>.</p>`;
}
