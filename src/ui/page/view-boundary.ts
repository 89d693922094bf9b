/** Keeps a view's failure inside the view: the header and navigation stay usable, and the error is shown. */
import type { ComponentChildren } from 'preact';
import { useErrorBoundary } from 'preact/hooks';
import { html } from './html.ts';
import { ErrorMessage } from './error-message.ts';

export function ViewBoundary(props: { children: ComponentChildren }) {
  const [error] = useErrorBoundary();
  if (error) {
    const message = error instanceof Error ? error.message : String(error);
    return html`<${ErrorMessage} error=${{ code: 'UI_PAGE_ERROR', message, hint: 'Reload the page; the other views still work.' }} title="This view failed" />`;
  }
  return html`${props.children}`;
}
