import { describe, expect, it } from 'vitest';
import { checkLimits } from './check-limits.ts';
import { reply, runStage, stateAfterReply } from './test-fixtures/turn-state.ts';

describe('checkLimits', () => {
  it('lets a turn start while there are turns left, and ends the query at maxTurns or after an abort (abort first)', async () => {
    const controller = new AbortController();
    const state = await stateAfterReply({ reply: reply([]), signal: controller.signal, agent: { maxTurns: 2 } });
    expect((await runStage(checkLimits, state)).outcome).toBeUndefined();
    state.turns = 2;
    expect((await runStage(checkLimits, state)).outcome).toEqual({ type: 'end', reason: 'max_turns' });
    controller.abort();
    expect((await runStage(checkLimits, state)).outcome).toEqual({ type: 'end', reason: 'aborted' });
  });
});
