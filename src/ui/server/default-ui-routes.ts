import { fleetRoutes } from './fleet/fleet-routes.ts';
import { overviewRoute } from './overview-route.ts';
import { sessionRoutes } from './sessions/session-routes.ts';
import { toolRoutes } from './tools/tool-routes.ts';
import type { UiRoute } from './types.ts';

/** Every route of the API: the overview, the sessions, the fleet, the tool pool. */
export function defaultUiRoutes(): UiRoute[] {
  return [overviewRoute(), ...sessionRoutes(), ...fleetRoutes(), ...toolRoutes()];
}
