import { describe, expect, it } from 'vitest';
import { fleetJobDataSchema } from '../job/fleet-job-data.ts';
import { checkoutMoves } from './checkout-moves.ts';

const data = fleetJobDataSchema.parse({ format: 1, script: '/agents/agent.ts', prompt: 'go', permissions: { allow: ['Write'], deny: ['Bash'] }, deferAsks: false, submittedAt: '2026-01-01T00:00:00.000Z' });

describe('checkoutMoves', () => {
  it('moves every earlier checkout to the current one and denies writes under them', () => {
    const moved = checkoutMoves({ earlier: ['/a/job/1', '/b/job/2', '/a/job/1'], current: '/c/job/3', data });
    expect(moved.checkouts).toEqual(['/a/job/1', '/b/job/2', '/c/job/3']);
    expect(moved.moves).toEqual([
      { from: '/a/job/1', to: '/c/job/3' },
      { from: '/b/job/2', to: '/c/job/3' },
    ]);
    expect(moved.data.permissions.deny).toEqual(['Bash', 'Edit(//a/job/1/**)', 'Edit(//b/job/2/**)']);
  });

  it('denies no folder that holds the current checkout, and changes nothing on a first attempt', () => {
    expect(checkoutMoves({ earlier: ['/r/job'], current: '/r/job/2', data }).data.permissions.deny).toEqual(['Bash']);
    const first = checkoutMoves({ earlier: undefined, current: '/r/job/1', data });
    expect(first).toEqual({ checkouts: ['/r/job/1'], moves: [], data });
  });
});
