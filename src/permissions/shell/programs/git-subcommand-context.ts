import type { ShellWord } from '../types.ts';

/** One git subcommand to describe. */
export interface GitSubcommandContext {
  /** The subcommand's name (`log`). */
  name: string;
  /** The words after it. */
  args: readonly ShellWord[];
  /** Where git runs it (`-C`), relative paths being relative to it. */
  directory: ShellWord;
}
