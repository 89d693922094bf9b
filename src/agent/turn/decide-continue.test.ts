import { describe, expect, it } from 'vitest';
import { defineHook } from '../../hooks/define-hook.ts';
import { MAX_STOP_HOOK_BLOCKS } from '../../hooks/run-stop-hooks.ts';
import type { StopInput } from '../../hooks/types.ts';
import { decideContinue } from './decide-continue.ts';
import { reply, runStage, stateAfterReply } from './test-fixtures/turn-state.ts';

const text = (value: string) => ({ type: 'text' as const, text: value });
const toolUse = { type: 'tool_use' as const, id: 'toolu_1', name: 'Echo', input: {} };

describe('decideContinue', () => {
  it('after tool calls: the next turn, unless the turn was interrupted (aborted) or a call asked to stop (stopped)', async () => {
    const state = await stateAfterReply({ reply: reply([toolUse], 'tool_use') });
    expect((await runStage(decideContinue, state)).outcome).toBeUndefined();
    state.turn.stopRequested = true;
    expect((await runStage(decideContinue, state)).outcome).toEqual({ type: 'end', reason: 'stopped' });
    state.turn.interrupted = true;
    expect((await runStage(decideContinue, state)).outcome).toEqual({ type: 'end', reason: 'aborted' });
  });

  it('ends for max_tokens and refusal as such, without asking the Stop hooks', async () => {
    const calls: string[] = [];
    const hook = defineHook({ event: 'Stop', handler: () => (calls.push('stop'), { block: true, reason: 'go on' }) });
    for (const stopReason of ['max_tokens', 'refusal'] as const) {
      const state = await stateAfterReply({ reply: reply([text('cut')], stopReason), hooks: [hook] });
      expect((await runStage(decideContinue, state)).outcome).toEqual({ type: 'end', reason: stopReason });
    }
    expect(calls).toEqual([]);
  });

  it("on end_turn a Stop hook's block becomes the next user message, with the turn's text and the blocks counted", async () => {
    const seen: StopInput[] = [];
    const hook = defineHook({ event: 'Stop', handler: (input) => (seen.push(input), input.stopHookActive ? undefined : { block: true, reason: 'run the tests' }) });
    const state = await stateAfterReply({ reply: reply([text('Fixed.'), text(' It builds. ')]), hooks: [hook] });
    expect((await runStage(decideContinue, state)).outcome).toBeUndefined();
    expect(state.agent.messages).toEqual([{ role: 'user', content: 'run the tests' }]);
    expect(state.stopBlocks).toBe(1);
    expect(seen[0]).toMatchObject({ stopHookActive: false, lastAssistantMessage: 'Fixed.\n\n It builds.' });
    expect((await runStage(decideContinue, state)).outcome).toEqual({ type: 'end', reason: 'end_turn' });
    expect(seen[1]).toMatchObject({ stopHookActive: true });
  });

  it(`ends anyway after ${MAX_STOP_HOOK_BLOCKS} blocks in a row, with a warning`, async () => {
    const hook = defineHook({ event: 'Stop', handler: () => ({ block: true, reason: 'never done' }) });
    const state = await stateAfterReply({ reply: reply([text('done')]), hooks: [hook] });
    const warnings: string[] = [];
    state.context.onWarning = (message) => void warnings.push(message);
    state.stopBlocks = MAX_STOP_HOOK_BLOCKS;
    expect((await runStage(decideContinue, state)).outcome).toEqual({ type: 'end', reason: 'end_turn' });
    expect(state.agent.messages).toEqual([]);
    expect(warnings).toHaveLength(1);
  });

  it('a subagent ends its turn without running Stop hooks (it has SubagentStop, run by its runner)', async () => {
    const calls: string[] = [];
    const hook = defineHook({ event: 'Stop', handler: () => (calls.push('stop'), { block: true, reason: 'go on' }) });
    const state = await stateAfterReply({ reply: reply([text('found it')]), hooks: [hook], agent: { topLevel: false } });
    expect((await runStage(decideContinue, state)).outcome).toEqual({ type: 'end', reason: 'end_turn' });
    expect(calls).toEqual([]);
  });
});
