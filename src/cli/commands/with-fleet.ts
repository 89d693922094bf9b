import { createFleet } from '../../fleet/create-fleet.ts';
import type { Fleet } from '../../fleet/types.ts';
import type { FleetTarget } from './resolve-fleet-target.ts';

/** Opens the fleet at `target`, hands it to `use`, and closes it whatever `use` did. */
export async function withFleet<Result>(target: FleetTarget, use: (fleet: Fleet) => Promise<Result>): Promise<Result> {
  const fleet = await createFleet({ connection: target.url, queue: target.queue });
  try {
    return await use(fleet);
  } finally {
    await fleet.close();
  }
}
