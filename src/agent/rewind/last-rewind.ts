import { CodevError } from '../../errors/codev-error.ts';
import type { LoadedTranscript, RewindEntry } from '../../transcripts/types.ts';

/**
 * The rewind an undo puts back: the session's last `rewind` entry (in a fork a rewind of the conversation
 * made, the one it was made with). `CHECKPOINT_NOT_FOUND` when the session has none.
 */
export function lastRewind(options: { sessionId: string; loaded: Pick<LoadedTranscript, 'rewinds'> }): RewindEntry {
  const found = options.loaded.rewinds?.at(-1);
  if (found) return found;
  throw new CodevError('CHECKPOINT_NOT_FOUND', `Session ${options.sessionId} has no rewind to undo`, { field: 'undo', hint: `only the files a rewind put back can be undone; its checkpoints are listed by \`codev rewind ${options.sessionId} --list\`` });
}
