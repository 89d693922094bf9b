import { describe, expect, it } from 'vitest';
import type { SessionMetadata, TranscriptEntry } from '../../../transcripts/types.ts';
import { UI_RESULT_PREVIEW_CHARS } from '../../types.ts';
import { applyEntries } from './apply-entries.ts';
import { rowOf, turnsOf } from './timeline-summary.ts';
import { createTimelineState, takeChanged } from './timeline-state.ts';

const metadata: SessionMetadata = { id: 's1', cwd: '/p', model: 'claude-test', codevVersion: '0.0.0', createdAt: '2026-01-01T00:00:00.000Z' };
const at = (second: number) => `2026-01-01T00:00:${String(second).padStart(2, '0')}.000Z`;
const usage = { inputTokens: 10, outputTokens: 5, cacheReadInputTokens: 0, cacheCreationInputTokens: 0 };

const prompt: TranscriptEntry = { type: 'message', uuid: 'u1', timestamp: at(1), message: { role: 'user', content: [{ type: 'text', text: 'list the files' }, { type: 'text', text: '<hook context>' }] } };
const call: TranscriptEntry = { type: 'message', uuid: 'a1', parentUuid: 'u1', timestamp: at(2), usage, message: { role: 'assistant', content: [{ type: 'text', text: 'Listing.' }, { type: 'tool_use', id: 'toolu_1', name: 'Bash', input: { command: 'ls' } }, { type: 'tool_use', id: 'toolu_2', name: 'Bash', input: { command: 'rm -rf x' } }] } };
const record: TranscriptEntry = { type: 'record', timestamp: at(3), record: { kind: 'tool-call', toolUseId: 'toolu_1', toolName: 'Bash', decision: { behavior: 'allow', source: 'config', rule: 'Bash(ls:*)', reason: 'rule' }, isError: false, durationMs: 12 } };
const pending: TranscriptEntry = { type: 'pending', uuid: 'p1', timestamp: at(4), toolUses: [{ id: 'toolu_2', name: 'Bash', input: { command: 'rm -rf x' }, message: 'asks' }], results: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'a\nb' }] };
const answered: TranscriptEntry = { type: 'message', uuid: 'u2', parentUuid: 'a1', timestamp: at(5), message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'a\nb' }, { type: 'tool_result', tool_use_id: 'toolu_2', content: 'denied', is_error: true }, { type: 'text', text: 'a notification' }] } };
const requests: TranscriptEntry[] = [
  { type: 'record', timestamp: at(6), record: { kind: 'request', turn: 1, model: 'claude-test', usage, costUsd: 0.5, durationMs: 100 } },
  { type: 'record', timestamp: at(7), record: { kind: 'retry', turn: 2, attempt: 1, maxRetries: 3, waitMs: 500, error: { status: 529, message: 'overloaded' } } },
  { type: 'record', timestamp: at(8), record: { kind: 'request', turn: 2, model: 'claude-test', usage, costUsd: 0.25, durationMs: 50 } },
  { type: 'record', timestamp: at(9), record: { kind: 'request', turn: 2, model: 'claude-test', usage, costUsd: 0.25, durationMs: 50 } },
];

describe('applyEntries', () => {
  it('tells a prompt from the notes sent with it, and pairs calls with their records and results', () => {
    const state = createTimelineState(metadata);
    applyEntries(state, [prompt, call, record, answered]);
    expect(state.items.map((item) => `${item.kind}:${item.id}`)).toEqual(['prompt:u1:0', 'note:u1:1', 'text:a1:0', 'tool-call:toolu_1', 'tool-call:toolu_2', 'note:u2:2']);
    expect(state.items[3]).toMatchObject({ decision: { behavior: 'allow', source: 'config', rule: 'Bash(ls:*)' }, durationMs: 12, result: { isError: false, preview: 'a\nb', chars: 3, attachments: 0 } });
    expect(state.items[4]).toMatchObject({ result: { isError: true, preview: 'denied' } });
  });

  it('marks the calls of a pending query waiting until the next message, and resends what changed', () => {
    const state = createTimelineState(metadata);
    applyEntries(state, [prompt, call, record, pending]);
    takeChanged(state);
    expect(state.items[4]).toMatchObject({ id: 'toolu_2', waiting: true });
    expect(rowOf(state, 'idle').status).toBe('waiting');
    applyEntries(state, [answered]);
    const changed = takeChanged(state);
    expect(changed.map((item) => item.id)).toEqual(['toolu_1', 'toolu_2', 'u2:2']);
    expect(changed[1]).not.toHaveProperty('waiting');
    expect(rowOf(state, 'idle').status).toBe('idle');
  });

  it('sums requests per turn and keeps retries as items', () => {
    const state = createTimelineState(metadata);
    applyEntries(state, [prompt, call, ...requests]);
    expect(turnsOf(state)).toEqual([
      { turn: 1, model: 'claude-test', inputTokens: 10, outputTokens: 5, cacheReadInputTokens: 0, cacheCreationInputTokens: 0, costUsd: 0.5, durationMs: 100 },
      { turn: 2, model: 'claude-test', inputTokens: 20, outputTokens: 10, cacheReadInputTokens: 0, cacheCreationInputTokens: 0, costUsd: 0.5, durationMs: 100 },
    ]);
    expect(state.items.find((item) => item.kind === 'retry')).toMatchObject({ id: `record:${at(7)}:3`, attempt: 1 });
    expect(rowOf(state, 'idle').costUsd).toBe(1);
  });

  it('a turn without a price makes the session\'s cost null; without request records, turns come from the replies', () => {
    const state = createTimelineState(metadata);
    applyEntries(state, [prompt, call]);
    expect(turnsOf(state)).toEqual([{ turn: 1, model: 'claude-test', inputTokens: 10, outputTokens: 5, cacheReadInputTokens: 0, cacheCreationInputTokens: 0, costUsd: null, durationMs: 0 }]);
    expect(rowOf(state, 'idle')).not.toHaveProperty('costUsd');
    applyEntries(state, [{ type: 'record', timestamp: at(9), record: { kind: 'request', turn: 1, model: 'x', usage, costUsd: null, durationMs: 1 } }, requests[0]!]);
    expect(rowOf(state, 'idle').costUsd).toBeNull();
  });

  it('names a subagent\'s session from its call\'s record, keeps the history across a compaction, and skips unknown entries', () => {
    const state = createTimelineState(metadata);
    const agentCall: TranscriptEntry = { type: 'message', uuid: 'a2', timestamp: at(2), message: { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_agent', name: 'Agent', input: { prompt: 'look' } }] } };
    const agentRecord: TranscriptEntry = { type: 'record', timestamp: at(3), record: { kind: 'tool-call', toolUseId: 'toolu_agent', toolName: 'Agent', isError: false, durationMs: 1, subagentSessionId: 'sub-1' } };
    const compact: TranscriptEntry = { type: 'compact', uuid: 'c1', timestamp: at(4), trigger: 'auto', tokensBefore: 1000, tokensAfter: 100, messages: [{ role: 'user', content: 'summary' }] };
    applyEntries(state, [prompt, agentCall, agentRecord, compact, { type: 'from-the-future' } as unknown as TranscriptEntry, { ...prompt, uuid: 'u3' }]);
    expect(state.subagents).toEqual(['sub-1']);
    expect(state.items.map((item) => item.kind)).toEqual(['prompt', 'note', 'tool-call', 'compaction', 'prompt', 'note']);
    expect(state.items[2]).toMatchObject({ subagentSessionId: 'sub-1' });
  });

  it('marks redacted thinking, counts attachments, and cuts a long result to its preview', () => {
    const state = createTimelineState(metadata);
    const image = { type: 'image' as const, source: { type: 'base64' as const, media_type: 'image/png' as const, data: 'AAAA' } };
    applyEntries(state, [
      { type: 'message', uuid: 'u1', timestamp: at(1), message: { role: 'user', content: [{ type: 'text', text: 'look at this' }, image] } },
      { type: 'message', uuid: 'a1', timestamp: at(2), message: { role: 'assistant', content: [{ type: 'redacted_thinking', data: 'opaque' }, { type: 'tool_use', id: 'toolu_r', name: 'Read', input: {} }] } },
      { type: 'message', uuid: 'r1', timestamp: at(3), message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_r', content: [{ type: 'text', text: 'y'.repeat(UI_RESULT_PREVIEW_CHARS + 10) }, image] }] } },
    ]);
    expect(state.items[0]).toMatchObject({ kind: 'prompt', attachments: 1 });
    expect(state.items[1]).toMatchObject({ kind: 'thinking', text: '', redacted: true });
    expect(state.items[2]).toMatchObject({ result: { chars: UI_RESULT_PREVIEW_CHARS + 10, attachments: 1 } });
    expect((state.items[2] as { result: { preview: string } }).result.preview).toHaveLength(UI_RESULT_PREVIEW_CHARS);
  });
});
