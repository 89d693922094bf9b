import { describe, expect, it } from 'vitest';
import { pruneSelection, type SessionNode } from './prune-selection.ts';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2026, 11, 4);
const node = (id: string, daysAgo: number, parent?: string): SessionNode => ({ id, writtenAt: NOW - daysAgo * DAY, ...(parent && { parent }) });
const ids = (options: { sessions: SessionNode[]; olderThanMs?: number; keep?: number }) => pruneSelection({ ...options, now: NOW }).map((group) => group.members.map((member) => member.id));

describe('pruneSelection', () => {
  it('takes the groups older than the age, past the most recent kept, oldest first', () => {
    const sessions = [node('a', 40), node('b', 35), node('c', 20), node('d', 1)];
    expect(ids({ sessions, olderThanMs: 30 * DAY })).toEqual([['a'], ['b']]);
    expect(ids({ sessions, keep: 1 })).toEqual([['a'], ['b'], ['c']]);
    expect(ids({ sessions, olderThanMs: 30 * DAY, keep: 3 })).toEqual([['a']]);
    expect(ids({ sessions, olderThanMs: 30 * DAY, keep: 4 })).toEqual([]);
  });

  it('keeps a subagent\'s session with its parent (nested too), as recent as the newest of them; an orphan counts alone; a cycle is not walked forever', () => {
    const sessions = [node('parent', 40), node('child', 40, 'parent'), node('grandchild', 2, 'child'), node('old', 50), node('orphan', 45, 'gone'), node('x', 60, 'y'), node('y', 60, 'x')];
    expect(ids({ sessions, olderThanMs: 30 * DAY })).toEqual([['old'], ['orphan']]);
    expect(ids({ sessions, keep: 0 })).toEqual([['old'], ['orphan'], ['parent', 'child', 'grandchild']]);
  });
});
