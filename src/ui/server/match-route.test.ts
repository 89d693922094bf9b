import { describe, expect, it } from 'vitest';
import { compileRoutes } from './match-route.ts';
import type { UiRoute } from './types.ts';

const route = (method: 'GET' | 'POST', pattern: string): UiRoute => ({ method, pattern, handle: async () => ({ json: pattern }) });

describe('compileRoutes', () => {
  const routes = [route('GET', '/api/sessions'), route('GET', '/api/sessions/:id'), route('GET', '/api/sessions/:id/results/:toolUseId'), route('POST', '/api/fleet/jobs/:id/cancel')];
  const table = compileRoutes(routes);

  it('matches fixed segments and decodes params', () => {
    const found = table.match('GET', '/api/sessions/a%20b/results/toolu_1');
    expect(found).toEqual({ route: routes[2], params: { id: 'a b', toolUseId: 'toolu_1' } });
    expect(table.match('GET', '/api/sessions')).toEqual({ route: routes[0], params: {} });
  });

  it('tells a path another method answers from one nobody answers', () => {
    expect(table.match('GET', '/api/fleet/jobs/1/cancel')).toBe('method-not-allowed');
    expect(table.match('GET', '/api/nothing')).toBeUndefined();
    expect(table.match('GET', '/api/sessions/a/b')).toBeUndefined();
  });

  it('refuses a param that decodes to a separator, NUL, or is a malformed escape', () => {
    expect(table.match('GET', '/api/sessions/..%2Fetc')).toBeUndefined();
    expect(table.match('GET', '/api/sessions/a%5Cb')).toBeUndefined();
    expect(table.match('GET', '/api/sessions/a%00')).toBeUndefined();
    expect(table.match('GET', '/api/sessions/%E0%A4%A')).toBeUndefined();
  });
});
