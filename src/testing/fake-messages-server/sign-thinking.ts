import { createHmac } from 'node:crypto';

// Fixed, so the same thinking always has the same signature across servers and runs.
const SIGNING_KEY = 'codev-fake-messages-server';

/**
 * The signature the fake server gives a thinking block, and checks when the block comes back: like the
 * API's, it proves the block is the model's own, unchanged.
 */
export function signThinking(thinking: string): string {
  return createHmac('sha256', SIGNING_KEY).update(thinking).digest('base64');
}
