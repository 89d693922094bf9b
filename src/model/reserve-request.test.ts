import { describe, expect, it } from 'vitest';
import { createSpending } from '../agent/create-spending.ts';
import type { Usage } from '../tool/agent-run.ts';
import { reserveRequest, type RequestHold } from './reserve-request.ts';

// Sonnet 4.6 at list price: $3 per million input tokens, $15 output.
const MODEL = 'claude-sonnet-4-6';
const input = (tokens: number): Usage => ({ inputTokens: tokens, cacheCreationInputTokens: 0, cacheReadInputTokens: 0, outputTokens: 0 });

function limited(limits: { maxBudgetUsd?: number; maxQueryTokens?: number }) {
  const spending = createSpending();
  spending.limits = { ...limits, since: spending.snapshot() };
  return spending;
}

const held = (hold: RequestHold) => {
  if (hold.type !== 'held') throw new Error(`expected a hold, got ${hold.type}`);
  return hold.reservation;
};

describe('reserveRequest', () => {
  it('holds nothing without limits: settling only counts the usage', async () => {
    const spending = createSpending();
    const hold = held(await reserveRequest({ spending, model: MODEL, estimate: input(10 ** 9), signal: new AbortController().signal }));
    expect(spending.reserved).toEqual({ costUsd: 0, tokens: 0 });
    hold.settle(MODEL, input(100));
    expect(spending.tokens).toBe(100);
  });

  it("a subagent's hold counts on the root: its sibling waits for it, then fits in what the first really spent", async () => {
    const root = limited({ maxQueryTokens: 1_000 });
    const [first, second] = [root.child(), root.child()];
    const signal = new AbortController().signal;
    const a = held(await reserveRequest({ spending: first, model: MODEL, estimate: input(600), signal }));
    expect(root.reserved.tokens).toBe(600);
    const order: string[] = [];
    const waiting = reserveRequest({ spending: second, model: MODEL, estimate: input(600), signal }).then((hold) => {
      order.push('second held');
      return hold;
    });
    await new Promise((resolve) => setImmediate(resolve));
    order.push('first settled');
    a.settle(MODEL, input(300));
    const b = held(await waiting);
    expect(order).toEqual(['first settled', 'second held']);
    expect(root.tokens).toBe(300);
    expect(first.tokens).toBe(300);
    expect(root.reserved.tokens).toBe(600);
    b.release();
    b.release();
    expect(root.reserved).toEqual({ costUsd: 0, tokens: 0 });
    expect(root.tokens).toBe(300);
  });

  it('a request that cannot fit once the others settle is refused; one that cannot fit alone is refused at once', async () => {
    const root = limited({ maxBudgetUsd: 0.003 });
    const signal = new AbortController().signal;
    const a = held(await reserveRequest({ spending: root, model: MODEL, estimate: input(600), signal }));
    const waiting = reserveRequest({ spending: root.child(), model: MODEL, estimate: input(600), signal });
    a.settle(MODEL, input(700));
    expect(await waiting).toMatchObject({ type: 'limit-reached', event: { limit: 'maxBudgetUsd', max: 0.003, spent: expect.closeTo(0.0021, 9), next: expect.closeTo(0.0018, 9) } });
    expect(await reserveRequest({ spending: root, model: MODEL, estimate: input(1_000_001), signal })).toMatchObject({ type: 'limit-reached' });
    expect(await reserveRequest({ spending: root, model: 'acme-local-7b', estimate: input(1), signal })).toMatchObject({ type: 'limit-reached', event: { limit: 'maxBudgetUsd', next: 0 } });
  });

  it('an abort ends the wait, and holds nothing', async () => {
    const root = limited({ maxQueryTokens: 1_000 });
    held(await reserveRequest({ spending: root, model: MODEL, estimate: input(600), signal: new AbortController().signal }));
    const controller = new AbortController();
    const waiting = reserveRequest({ spending: root.child(), model: MODEL, estimate: input(600), signal: controller.signal });
    controller.abort();
    expect(await waiting).toEqual({ type: 'aborted' });
    expect(root.reserved.tokens).toBe(600);
  });
});
