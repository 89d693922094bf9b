/** Past these, an analysis gives up (and a command is never auto-allowed). */
export const SHELL_LIMITS = {
  /** Characters of the whole command (Claude Code's limit). */
  maxLength: 10_000,
  /** Simple commands, nested ones included (Claude Code's cap; past it codev fails closed). */
  maxCommands: 50,
  /** Nested substitutions and shell bodies: `$(…)`, `<(…)`, `bash -c`, `eval`. */
  maxDepth: 8,
  /** Syntax nesting of any kind (`((((…))))`), which would otherwise only be bounded by the stack. */
  maxNesting: 200,
} as const;
