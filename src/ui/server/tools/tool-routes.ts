import type { UiRoute } from '../types.ts';

/** The routes of the tool pool and explain (a placeholder until their module lands). */
export function toolRoutes(): UiRoute[] {
  return [];
}
