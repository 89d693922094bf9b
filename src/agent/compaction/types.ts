/** Compaction of a long conversation: its settings and what one compaction did. Types only. */
import type { CompactTrigger } from '../../hooks/session-hook-types.ts';

/** When and how the agent compacts its conversation (`AgentOptions.compaction`). */
export interface CompactionOptions {
  /** Compact by itself when the conversation passes `threshold` of the context window. Default true. */
  auto?: boolean;
  /** The fraction of the context window at which to compact (0.1 to 0.95). Default 0.8. */
  threshold?: number;
  /** The model's context window, in tokens. Default 200,000. */
  contextWindow?: number;
  /** How many of the latest tool results stay whole when older ones are cleared. Default 3. */
  keepToolResults?: number;
  /** How many of the latest messages stay as they are after a summary. Default 6. */
  keepRecentMessages?: number;
}

export type CompactionSettings = Required<CompactionOptions>;

/** The `compact-boundary` event: the conversation was compacted. */
export interface CompactBoundary {
  type: 'compact-boundary';
  trigger: CompactTrigger;
  /** Estimated tokens of the conversation before and after. */
  tokensBefore: number;
  tokensAfter: number;
  /** Old tool results replaced by a stub. */
  clearedToolResults: number;
  /** True when the older messages were replaced by a summary (clearing tool results was not enough). */
  summarized: boolean;
}
