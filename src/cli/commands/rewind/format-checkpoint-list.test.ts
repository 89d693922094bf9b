import { describe, expect, it } from 'vitest';
import type { CheckpointInfo } from '../../../agent/rewind/types.ts';
import { formatCheckpointList } from './format-checkpoint-list.ts';

const snapshot = { roots: [{ root: '/p', tree: 'abc', large: [] }] };
const checkpoint = (turn: number, more: Partial<CheckpointInfo>): CheckpointInfo => ({ turn, createdAt: 'not a time', files: [], snapshot, ...more });

describe('formatCheckpointList', () => {
  it('is a row per turn (its prompt or "(tool results)", a summary of its changes) with its files under it', () => {
    const text = formatCheckpointList({
      sessionId: 's1',
      cwd: '/p',
      checkpoints: [
        checkpoint(1, { prompt: 'write\n  hello', files: [{ root: '/p', path: 'hello.txt', status: 'added', additions: 1, deletions: 0 }] }),
        checkpoint(2, { files: [{ root: '/p', path: 'a', status: 'deleted', additions: 0, deletions: 1 }] }),
      ],
    });
    expect(text.split('\n').slice(0, 6)).toEqual([
      'session s1',
      'TURN  TIME        PROMPT          CHANGED',
      '1     not a time  write hello     1 file, +1 -0',
      '      A hello.txt  +1 -0',
      '2     not a time  (tool results)  1 file, +0 -1',
      '      D a  +0 -1',
    ]);
  });

  it('says of a checkpoint whose files the store lost that they are no longer stored, not that the turn changed nothing', () => {
    const text = formatCheckpointList({ sessionId: 's3', cwd: '/p', checkpoints: [checkpoint(1, { prompt: 'go', lost: true })] });
    expect(text.split('\n')[2]).toMatch(/^1 .* go +files no longer stored$/);
  });

  it('says why a session has none, and where a fork made before its first turn came from', () => {
    expect(formatCheckpointList({ sessionId: 's2', cwd: '/p', checkpoints: [], forkedFrom: 's1' })).toContain('codev rewind s1 --list');
  });
});
