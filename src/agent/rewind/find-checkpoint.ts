import { CodevError } from '../../errors/codev-error.ts';
import type { CheckpointEntry } from '../../transcripts/types.ts';

/**
 * A session's checkpoint by its turn, or by the uuid of the message its turn answered or of its reply (the
 * latest when a turn was recorded twice); `CHECKPOINT_NOT_FOUND`, naming the turns there are, otherwise.
 */
export function findCheckpoint(options: { sessionId: string; checkpoints: readonly CheckpointEntry[]; to: number | string }): CheckpointEntry {
  const { checkpoints, to } = options;
  const found = [...checkpoints].reverse().find((entry) => (typeof to === 'number' ? entry.turn === to : entry.messageUuid === to || entry.replyUuid === to));
  if (found) return found;
  const turns = checkpoints.map((entry) => entry.turn);
  const hint = turns.length === 0 ? 'it has none: checkpoints are recorded for an agent with a project and a persisted session (`checkpoints` not off)' : `its checkpoints are turns ${turns[0]} to ${turns.at(-1)} (\`codev rewind ${options.sessionId} --list\`)`;
  throw new CodevError('CHECKPOINT_NOT_FOUND', `Session ${options.sessionId} has no checkpoint ${typeof to === 'number' ? `for turn ${to}` : `for message ${to}`}`, { field: 'to', hint });
}
