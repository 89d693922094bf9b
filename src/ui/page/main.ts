/** The page of `codev ui`: mounts the app. Browser code (see ./tsconfig.json). */
import { h, render } from 'preact';
import htm from 'htm';
import type { UiOverview } from '../types.ts';

const html = htm.bind(h);

function App(props: { overview?: UiOverview }) {
  return html`<main>${props.overview ? props.overview.project.name : 'codev'}</main>`;
}

render(html`<${App} />`, document.getElementById('app')!);
