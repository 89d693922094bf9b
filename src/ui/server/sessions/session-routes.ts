import type { UiRoute } from '../types.ts';

/** The routes of the sessions (file store) (a placeholder until their module lands). */
export function sessionRoutes(): UiRoute[] {
  return [];
}
