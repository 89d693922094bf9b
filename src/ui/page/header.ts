/** The header: project name, codev version, and the sections. */
import { html } from './html.ts';
import type { UiOverview } from '../types.ts';

const sections = [
  { href: '/', label: 'Sessions', matches: (path: string) => path === '/' || path.startsWith('/sessions') },
  { href: '/fleet', label: 'Fleet', matches: (path: string) => path.startsWith('/fleet') },
  { href: '/tools', label: 'Tools', matches: (path: string) => path.startsWith('/tools') },
];

export function Header(props: { overview?: UiOverview; path: string }) {
  const { overview } = props;
  return html`<header class="top">
    <a class="skip" href="#main">Skip to content</a>
    <p class="brand">
      <span class="project">${overview?.project.name ?? 'codev'}</span>
      ${overview ? html` <span class="version">codev ${overview.codevVersion}</span>` : null}
    </p>
    <nav aria-label="Sections">
      <ul>
        ${sections.map(
          (section) => html`<li key=${section.href}>
            <a href=${section.href} aria-current=${section.matches(props.path) ? 'page' : undefined}>${section.label}</a>
          </li>`,
        )}
      </ul>
    </nav>
  </header>`;
}
