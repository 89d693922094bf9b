import { describe, expect, it } from 'vitest';
import { applySessionItems } from './apply-session-event.ts';
import type { UiSessionRow, UiSessionView, UiTimelineItem } from '../types.ts';

const row: UiSessionRow = {
  id: 's', title: 't', model: 'm', turns: 1, messages: 2, inputTokens: 0, outputTokens: 0,
  createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', durationMs: 0, status: 'running',
};
const text = (id: string, value: string): UiTimelineItem => ({ kind: 'text', id, timestamp: '2026-01-01T00:00:00.000Z', text: value });

function viewOf(items: UiTimelineItem[]): UiSessionView {
  return { id: 's', row, cwd: '/', codevVersion: '0', items, turns: [], problems: [], subagents: [] };
}

const turn = (number: number, model = 'm'): UiSessionView['turns'][number] => ({ turn: number, model, inputTokens: 1, outputTokens: 1, cacheReadInputTokens: 0, cacheCreationInputTokens: 0, costUsd: 0, durationMs: 0 });

describe('applySessionItems', () => {
  it('keeps the turns before the event\'s first, replaces the rest by the event\'s, and keeps them all on none', () => {
    const view = { ...viewOf([]), turns: [turn(1), turn(2), turn(3)] };
    expect(applySessionItems(view, { items: [], turns: [turn(3, 'n'), turn(4)], row }).turns).toEqual([turn(1), turn(2), turn(3, 'n'), turn(4)]);
    expect(applySessionItems(view, { items: [], turns: [], row }).turns).toEqual(view.turns);
    expect(applySessionItems(view, { items: [], turns: [turn(1, 'n')], row }).turns).toEqual([turn(1, 'n')]);
  });

  it('replaces an item by id where it stands, appends new ones, and keeps the others by identity', () => {
    const first = text('a', 'one');
    const second = text('b', 'two');
    const view = viewOf([first, second]);
    const next = applySessionItems(view, { items: [text('a', 'one, grown'), text('c', 'three')], turns: [], row: { ...row, status: 'idle' } });
    expect(next.items.map((item) => item.id)).toEqual(['a', 'b', 'c']);
    expect(next.items[0]).toMatchObject({ text: 'one, grown' });
    expect(next.items[1]).toBe(second);
    expect(next.row.status).toBe('idle');
    expect(view.items).toEqual([first, second]);
  });

  it('takes an item named twice in one event once, the last version', () => {
    const next = applySessionItems(viewOf([]), { items: [text('a', 'first'), text('a', 'second')], turns: [], row });
    expect(next.items).toEqual([text('a', 'second')]);
  });
});
