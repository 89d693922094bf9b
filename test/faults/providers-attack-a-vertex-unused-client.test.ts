/**
 * Attack: Vertex's SDK starts Google's credential chain as its client is made, and nobody waits for that until
 * the client's first request. A client made and then not used (the agent's session was busy, a hook blocked the
 * prompt, the job was cancelled, WebFetch's client made for a page never summarised) with no credentials
 * leaves a rejected promise nobody handles: Node ends the process (a worker, with every job it runs) on it.
 * The chain fails here at once and asks no metadata server (METADATA_SERVER_DETECTION=none, no files).
 */
import { inspect } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resolveModelProvider } from '../../src/model/providers/resolve-model-provider.ts';

afterEach(() => {
  vi.unstubAllEnvs();
});

/** Waits until `promise` settles without handling it (a handler would hide the hole): its state as inspect shows it. */
async function settledState(promise: Promise<unknown>): Promise<'rejected' | 'fulfilled'> {
  for (;;) {
    const shown = inspect(promise);
    if (!shown.includes('<pending>')) return shown.includes('<rejected>') ? 'rejected' : 'fulfilled';
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('a Vertex client made and not used', () => {
  it('leaves no unhandled rejection when its credentials fail; its first request fails instead', async () => {
    vi.stubEnv('GOOGLE_APPLICATION_CREDENTIALS', '');
    vi.stubEnv('HOME', '/nonexistent/codev-attack-a');
    vi.stubEnv('CLOUDSDK_CONFIG', '/nonexistent/codev-attack-a');
    vi.stubEnv('METADATA_SERVER_DETECTION', 'none');
    vi.stubEnv('GCE_METADATA_HOST', '127.0.0.1:9');
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => void unhandled.push(reason);
    // Vitest's own listener fails the run on it as well; this one names it in the test.
    process.prependListener('unhandledRejection', onUnhandled);
    try {
      const { provider } = resolveModelProvider({ settings: { provider: 'vertex', region: 'us-east5', projectId: 'p1' }, env: {} });
      const client = await provider.createClient({ maxRetries: 0 });
      // The SDK's own (private) promise of Google's client, as version 1.1.5 keeps it.
      expect(await settledState((client as unknown as { _authClientPromise: Promise<unknown> })._authClientPromise)).toBe('rejected');
      await new Promise((resolve) => setImmediate(resolve));
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).toEqual([]);
      // The failure is the request's, as before.
      await expect(client.messages.create({ model: 'claude-sonnet-4-6', max_tokens: 8, messages: [{ role: 'user', content: 'x' }] })).rejects.toMatchObject({ name: 'APIConnectionError' });
    } finally {
      process.removeListener('unhandledRejection', onUnhandled);
    }
  });
});
