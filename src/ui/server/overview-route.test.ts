/** GET /api/overview over real HTTP: the project and version for the header, and a fleet only when one is configured. */
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { codevVersion } from '../../version/codev-version.ts';
import type { UiOverview } from '../types.ts';
import { startTestUi, type TestUi } from './test-fixtures/start-test-ui.ts';

const started: TestUi[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((ui) => ui.close()));
});

describe('GET /api/overview', () => {
  it('names the project, its sessions folder and the version, and says no fleet is configured', async () => {
    const ui = await startTestUi();
    started.push(ui);
    const response = await ui.send({ path: '/api/overview' });
    expect(response.status).toBe(200);
    const overview = response.json() as UiOverview;
    expect(overview.project).toEqual({ root: ui.projectRoot, name: path.basename(ui.projectRoot) });
    expect(overview.codevVersion).toBe(codevVersion());
    expect(overview.sessionsDirectory).toBe(path.join(ui.projectRoot, '.codev', 'sessions'));
    expect(overview.fleet).toEqual({ configured: false });
  });

  it('needs the token like every API route', async () => {
    const ui = await startTestUi();
    started.push(ui);
    expect((await ui.send({ path: '/api/overview', auth: false })).status).toBe(401);
  });
});
