import type { Snapshot } from '../../checkpoints/types.ts';
import type { LoadedTranscript } from '../../transcripts/types.ts';

/**
 * The files as the session last left them, which a rewind does not overwrite silently when they differ: its
 * last checkpoint, or, when a rewind came after it (in this session or in the one it forked), what that rewind put back.
 */
export function rewindReference(loaded: Pick<LoadedTranscript, 'checkpoints' | 'rewinds'>): Snapshot | undefined {
  const last = loaded.checkpoints?.at(-1);
  const rewind = loaded.rewinds?.at(-1);
  if (rewind && (!last || rewind.timestamp >= last.timestamp)) {
    if (rewind.after) return { roots: rewind.after };
    const target = [...(loaded.checkpoints ?? [])].reverse().find((entry) => entry.turn === rewind.turn);
    if (target) return { roots: target.roots };
  }
  return last && { roots: last.roots };
}
