import { CodevError } from '../../errors/codev-error.ts';

/** `turn` when it is a turn number (1 or more), else 'INPUT_INVALID'. */
export function checkTurn(turn: number): number {
  if (Number.isSafeInteger(turn) && turn >= 1) return turn;
  throw new CodevError('INPUT_INVALID', `${turn} is not a turn number`, { field: 'turn', hint: 'turns count from 1' });
}
