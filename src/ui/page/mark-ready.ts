/**
 * Says on `<body data-ready>` which view has rendered its data (`sessions`, `session`): a marker for anyone who
 * measures or drives the page (bench/ui.mjs, browser tests), never read by the page itself.
 */
export function markReady(view: 'sessions' | 'session'): void {
  document.body.dataset.ready = view;
}

/** The view is loading other data: the marker no longer holds. */
export function clearReady(): void {
  delete document.body.dataset.ready;
}
