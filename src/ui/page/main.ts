/** The page of `codev ui`: mounts the app. Browser code (see ./tsconfig.json). */
import { render } from 'preact';
import { html } from './html.ts';
import { App } from './app.ts';

render(html`<${App} />`, document.getElementById('app')!);
