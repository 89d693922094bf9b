import { describe, expect, it } from 'vitest';
import type { FleetEvent } from '../types.ts';
import { createEventSender } from './create-event-sender.ts';

const checkpoint = (turn: number): FleetEvent => ({ type: 'job-checkpoint', jobId: 'job', turn });

describe('createEventSender', () => {
  it('hands the events sent in one go to Redis as one batch, in order, and flush sends what waits at once', async () => {
    const batches: FleetEvent[][] = [];
    const events = createEventSender(async (batch) => void batches.push([...batch]));
    for (let turn = 1; turn <= 50; turn += 1) await events.send(checkpoint(turn));
    await events.send(checkpoint(51));
    await events.flush();
    expect(batches).toHaveLength(1);
    expect(batches[0]!.map((event) => (event as { turn: number }).turn)).toEqual(Array.from({ length: 51 }, (_, index) => index + 1));

    await events.send(checkpoint(52));
    events.push();
    expect(batches).toHaveLength(2);
    expect(batches[1]).toEqual([checkpoint(52)]);
    await events.flush();
    expect(batches).toHaveLength(2);
  });

  it('a batch refused (a fence) fails the next send and the flush, and nothing sent after it is delivered', async () => {
    const batches: FleetEvent[][] = [];
    const events = createEventSender(async (batch) => {
      batches.push([...batch]);
      throw new Error('fenced');
    });
    await events.send(checkpoint(1));
    await expect(events.flush()).rejects.toThrow('fenced');
    await expect(events.send(checkpoint(2))).rejects.toThrow('fenced');
    expect(batches).toEqual([[checkpoint(1)]]);
  });
});
