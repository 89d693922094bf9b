import type { AgentOptions } from './types.ts';

/**
 * What an agent script default-exports for `codev run`: its options, and optionally the prompt to start with.
 * Which session to go on with (`resume`, `continue`, `fork`, `at`) is chosen per run: `codev run --resume ID`.
 */
export interface AgentDefinition extends Omit<AgentOptions, 'client' | 'createToolUseContext' | 'subagent' | 'parentSession' | 'resume' | 'continue' | 'fork' | 'at' | 'movedPaths'> {
  /** Used when `codev run` is given no prompt. */
  prompt?: string;
}
