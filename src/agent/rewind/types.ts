/** Rewind: a session's checkpoints, and going back to one. Types only: the contract of `agent.rewind`, `codev rewind` and `codev run --rewind-to`. */
import type { ConflictChoice, FileChange, Snapshot } from '../../checkpoints/types.ts';

/** One checkpoint of a session: the files as they were before a turn's tool calls ran. */
export interface CheckpointInfo {
  /** The turn, counted from 1 across the session (a fork keeps the numbers of the turns it copied). */
  turn: number;
  /** The message the turn answered (the last one before its reply). */
  messageUuid?: string;
  /** The turn's reply, the assistant message whose tool calls came next. */
  replyUuid?: string;
  /** ISO 8601, when it was recorded. */
  createdAt: string;
  /** The text of the prompt the turn answered, shortened, when it answered a prompt (the first turn of a query). */
  prompt?: string;
  /** What the turn changed: from this checkpoint to the next one (to the files as they are now, for the last). */
  files: FileChange[];
  /** The recorded state. */
  snapshot: Snapshot;
  /**
   * The store no longer holds this checkpoint's files (the project's `.codev/checkpoints` was removed or emptied
   * since): `files` is empty, and only the conversation can go back there (`CHECKPOINT_NOT_FOUND` for the files).
   */
  lost?: true;
}

/** Options of `agent.rewind` and `rewindSession`. */
export interface RewindOptions {
  /** The checkpoint: its turn number, or the uuid of the message it answered or of its reply. Exactly one of `to` and `undo`. */
  to?: number | string;
  /**
   * Undo the session's last rewind: the files back as they were before it (what its `rewind` entry recorded),
   * files changed since it counting as conflicts. The conversation is not touched; `files` and `conversation`
   * are not given with it. The undo is itself a rewind, which the next undo puts back.
   */
  undo?: boolean;
  /** Put the files back as they were before that turn's tool calls. Default true. */
  files?: boolean;
  /**
   * Go back in the conversation: the agent goes on in a new session forked before that turn's reply (the
   * original session stays as it was). When the turn answered a prompt, the prompt is left out too and
   * returned as `prompt`, to send again or change. Default true.
   */
  conversation?: boolean;
  /** What to do with files someone else changed since the agent left them. Default `fail` (`REWIND_CONFLICT`). */
  conflicts?: ConflictChoice;
  /** Say what would happen (the changes and conflicts), change nothing. */
  dryRun?: boolean;
}

/** What a rewind did (or, with `dryRun`, would do). */
export interface RewindResult {
  checkpoint: CheckpointInfo;
  /** The session the agent goes on in: a new one when the conversation went back, else the same. */
  sessionId: string;
  /** The session rewound, when `sessionId` is a new fork of it. */
  forkedFrom?: string;
  /** With `undo`: the rewind put back (its turn, when it was made); the conversation is unchanged. */
  undone?: { turn: number; timestamp: string; conversation: 'unchanged' };
  /** The prompt left out of the conversation, when the turn answered one. */
  prompt?: string;
  /** With `files`: what was restored, what was kept (conflicts kept, large files whose content is gone), what the files were before. */
  files?: { restored: FileChange[]; kept: FileChange[]; conflicts: { root: string; path: string; reason: string }[] };
  dryRun: boolean;
}
