import type { UiRoute } from '../types.ts';

/** The routes of the fleet (a placeholder until their module lands). */
export function fleetRoutes(): UiRoute[] {
  return [];
}
