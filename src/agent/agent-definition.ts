import type { AgentOptions } from './types.ts';

/** What an agent script default-exports for `codev run`: its options, and optionally the prompt to start with. */
export interface AgentDefinition extends Omit<AgentOptions, 'client' | 'createToolUseContext' | 'subagent'> {
  /** Used when `codev run` is given no prompt. */
  prompt?: string;
}
