/**
 * Attack C: a link to a page of codev ui that carries the token (`/sessions/<id>?token=T`, what a person pastes
 * from a chat or a script builds from the printed URL) must let the browser in and land on the page asked for,
 * the token out of the address bar, the rest of the query kept; the redirect never leaves the server's origin.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPage, writeSession, type PageRig } from './attack-c-fixtures/start-page.ts';
import { sendRequest } from '../../src/ui/server/test-fixtures/start-test-ui.ts';

let rig: PageRig;
beforeAll(async () => {
  rig = await startPage({
    prepare: (store) => writeSession(store, 'deep-1', [{ type: 'message', uuid: 'u0', timestamp: '2026-01-01T00:00:01.000Z', message: { role: 'user', content: 'the deep session' } }]),
  });
}, 60_000);
afterAll(() => rig?.close());

describe('the token on a deep link', () => {
  it('/sessions/<id>?token=T signs the browser in and shows that session, without the token in the address', async () => {
    const { page, server } = rig;
    await page.goto(`${server.url}sessions/deep-1?token=${server.token}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('the deep session');
    const address = new URL(page.url());
    expect(address.pathname).toBe('/sessions/deep-1');
    expect(address.searchParams.has('token')).toBe(false);
  });

  it('keeps the rest of the query (/?q=deep&token=T → /?q=deep)', async () => {
    const answer = await sendRequest({ port: rig.server.port, path: `/?q=deep&token=${rig.server.token}` });
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe('/?q=deep');
  });

  it.each([
    ['a path that normalizes to //host', '/a/..//evil.example/x'],
    ['a doubled slash', '//evil.example/x'],
    ['a backslash', '/\\evil.example/x'],
  ])('never redirects off the origin: %s', async (_name, path) => {
    const answer = await sendRequest({ port: rig.server.port, path: `${path}?token=${rig.server.token}`, auth: false });
    expect(answer.status).toBe(303);
    const location = String(answer.headers.location);
    expect(location.startsWith('/')).toBe(true);
    expect(location.startsWith('//')).toBe(false);
    expect(location.startsWith('/\\')).toBe(false);
    expect(new URL(location, 'http://127.0.0.1:1/').host).toBe('127.0.0.1:1');
  });

  it('a wrong token on a deep link sets no cookie (401)', async () => {
    const answer = await sendRequest({ port: rig.server.port, path: '/sessions/deep-1?token=wrong-token-0123456789', auth: false });
    expect(answer.status).toBe(401);
    expect(answer.headers['set-cookie']).toBeUndefined();
  });
});
