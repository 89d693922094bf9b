import path from 'node:path';
import { codevVersion } from '../../version/codev-version.ts';
import type { UiOverview } from '../types.ts';
import type { UiRoute } from './types.ts';

/** `GET /api/overview`: the page's header (project, version) and whether the fleet section has a fleet. */
export function overviewRoute(): UiRoute {
  return {
    method: 'GET',
    pattern: '/api/overview',
    async handle(_request, context) {
      const overview: UiOverview = {
        codevVersion: codevVersion(),
        project: { root: context.projectRoot, name: path.basename(context.projectRoot) },
        fleet: { configured: context.fleet !== undefined || context.fleetError !== undefined, ...(context.fleet && { queue: context.fleet.queue }), ...(context.fleetError && { error: context.fleetError }) },
        sessionsDirectory: context.sessionsDirectory,
      };
      return { json: overview };
    },
  };
}
