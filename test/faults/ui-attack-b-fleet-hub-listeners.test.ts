import { getEventListeners } from 'node:events';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fleetEventHub } from '../../src/ui/server/fleet/fleet-event-hub.ts';
import { startFleetTestBed, type FleetTestBed } from '../../src/ui/server/fleet/test-fixtures/fleet-test-bed.ts';
import type { UiFleetEvent } from '../../src/ui/types.ts';

// The fleet page's stream comes and goes (a tab reloaded, a laptop's lid closed, a client that connects and
// vanishes in a loop): the hub must hold nothing per visit on the server's signal, which lives as long as
// `codev ui` does. Each run of the hub added an abort listener to it that was never removed.

let bed: FleetTestBed;
beforeAll(async () => {
  bed = await startFleetTestBed('ui-attack-b-hub');
}, 30_000);
afterEach(async () => {
  await bed.closeOpened();
});
afterAll(async () => {
  await bed?.close();
});

describe('the fleet event hub', () => {
  it('leaves no listener on the server signal after streams come and go', async () => {
    const { fleet } = await bed.open({ worker: false });
    const server = new AbortController();
    const hub = fleetEventHub(fleet, server.signal);
    const before = getEventListeners(server.signal, 'abort').length;
    for (let visit = 0; visit < 50; visit++) {
      const events: UiFleetEvent[] = [];
      const unsubscribe = hub.subscribe((event) => void events.push(event));
      await new Promise((resolve) => setImmediate(resolve));
      unsubscribe();
    }
    // Each run ends once its poll returns; what it held on the server signal must go with it.
    for (let tries = 0; tries < 100 && getEventListeners(server.signal, 'abort').length - before > 1; tries++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(getEventListeners(server.signal, 'abort').length - before).toBeLessThanOrEqual(1);
    server.abort();
  }, 60_000);
});
