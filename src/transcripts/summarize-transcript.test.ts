/** A session's listing line is of the whole session: what compactions took out counts, the summary they wrote does not. */
import { describe, expect, it } from 'vitest';
import { parseTranscript } from './parse-transcript.ts';
import { summarizeTranscript } from './summarize-transcript.ts';
import type { TranscriptEntry } from './types.ts';

const at = (second: number) => `2026-12-06T10:00:${String(second).padStart(2, '0')}.000Z`;
const usage = { inputTokens: 10, outputTokens: 5, cacheCreationInputTokens: 0, cacheReadInputTokens: 0 };
const session = { type: 'session', format: 1, metadata: { id: 's1', cwd: '/p', model: 'claude-test', codevVersion: '0.1.0', createdAt: at(0) } };
const user = (uuid: string, second: number, text: string): TranscriptEntry => ({ type: 'message', uuid, timestamp: at(second), message: { role: 'user', content: [{ type: 'text', text }] } });
const reply = (uuid: string, second: number, text: string): TranscriptEntry => ({ type: 'message', uuid, timestamp: at(second), message: { role: 'assistant', content: [{ type: 'text', text }] }, usage });
const compact = (uuid: string, second: number, kept: TranscriptEntry[]): TranscriptEntry => ({
  type: 'compact',
  uuid,
  timestamp: at(second),
  trigger: 'manual',
  tokensBefore: 1000,
  tokensAfter: 100,
  messages: [{ role: 'user', content: [{ type: 'text', text: 'This session continues an earlier conversation: summary' }] }, ...kept.map((entry) => (entry as Extract<TranscriptEntry, { type: 'message' }>).message)],
});

function summaryOf(entries: unknown[]) {
  const text = entries.map((entry) => JSON.stringify(entry)).join('\n') + '\n';
  return summarizeTranscript(parseTranscript(text, { file: 's1.jsonl' }), at(59));
}

describe('summarizeTranscript', () => {
  it('counts a session without compaction as loaded', () => {
    const summary = summaryOf([session, user('u1', 1, 'fix the build'), reply('a1', 2, 'done')]);
    expect(summary).toMatchObject({ firstPrompt: 'fix the build', lastPrompt: 'fix the build', messages: 2, turns: 1, inputTokens: 10, outputTokens: 5 });
  });

  it('after compactions: the first prompt is the first the session was given, and every message and reply counts once', () => {
    const kept = reply('a2', 4, 'second answer');
    const summary = summaryOf([
      session,
      user('u1', 1, 'fix the build'),
      reply('a1', 2, 'done'),
      user('u2', 3, 'now the tests'),
      kept,
      compact('c1', 5, [kept]),
      user('u3', 6, 'and the docs'),
      reply('a3', 7, 'docs done'),
      compact('c2', 8, []),
      user('u4', 9, 'last one'),
      reply('a4', 10, 'ok'),
    ]);
    expect(summary.firstPrompt).toBe('fix the build');
    expect(summary.lastPrompt).toBe('last one');
    // u1 a1 u2 a2 u3 a3 u4 a4: the summaries and the kept copy of a2 are not counted again.
    expect(summary.messages).toBe(8);
    expect(summary.turns).toBe(4);
    expect(summary.inputTokens).toBe(40);
    expect(summary.outputTokens).toBe(20);
  });

  it('the last prompt of a session compacted after its last prompt is that prompt, not the summary', () => {
    const summary = summaryOf([session, user('u1', 1, 'only prompt'), reply('a1', 2, 'done'), compact('c1', 3, [])]);
    expect(summary).toMatchObject({ firstPrompt: 'only prompt', lastPrompt: 'only prompt', messages: 2, turns: 1 });
  });
});
