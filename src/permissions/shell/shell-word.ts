/** One shell word after unquoting. */
export interface ShellWord {
  /** The unquoted value; parts that cannot be known statically keep their source text (`$HOME`, `$(date)`). */
  value: string;
  /** Contains `$VAR`, `${…}`, `$(…)`, backticks, `$((…))` or a brace expansion. */
  dynamic: boolean;
  /** Contains an unquoted glob character (`*`, `?`, `[`). */
  glob: boolean;
  /** Starts with an unquoted `~user`, `~+`, `~-` or `~N` (a plain `~` or `~/` is left to the caller to expand). */
  userTilde: boolean;
  /** Is, or contains, a process substitution `<(…)`/`>(…)` (a `/dev/fd` path at run time). */
  processSubstitution: boolean;
}
