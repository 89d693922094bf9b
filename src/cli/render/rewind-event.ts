import type { RewindResult } from '../../agent/rewind/types.ts';

/** The `rewind` line of `codev run --rewind-to --output-format stream-json`, printed before the query's events. */
export interface RewindEvent {
  type: 'rewind';
  /** The checkpoint gone back to. */
  turn: number;
  messageUuid?: string;
  /** The session the run goes on in (a new fork when the conversation went back). */
  sessionId: string;
  forkedFrom?: string;
  /** The prompt left out of the conversation, when the turn answered one. */
  prompt?: string;
  files?: RewindResult['files'];
}

/** The stream-json event of a rewind: the result without the checkpoint's snapshot (store trees, of no use to a reader). */
export function rewindEvent(result: RewindResult): RewindEvent {
  return {
    type: 'rewind',
    turn: result.checkpoint.turn,
    ...(result.checkpoint.messageUuid !== undefined && { messageUuid: result.checkpoint.messageUuid }),
    sessionId: result.sessionId,
    ...(result.forkedFrom !== undefined && { forkedFrom: result.forkedFrom }),
    ...(result.prompt !== undefined && { prompt: result.prompt }),
    ...(result.files !== undefined && { files: result.files }),
  };
}
