/**
 * An option that makes a git subcommand do more than read the repository: write or read a file its value
 * names, or run a program.
 */
export interface GitOptionRule {
  /** The long name, in full (`--output`): any prefix of it counts as it. */
  long?: string;
  /** The one-letter name (`O`), found inside a bundle (`-iO`). */
  short?: string;
  /** Whether it takes a value: `required` takes the next word when none is attached, `optional` only an attached one. */
  value: 'required' | 'optional' | 'none';
  /** Writes or reads the file its value names, or runs a program. */
  effect: 'write' | 'read' | 'runs';
  /** Its value is a folder, written with everything in it (`git format-patch -o DIR`). */
  recursive?: boolean;
  /** Reads the path after the value's last `:` (`git log -L1,5:file`), matched against deny rules only. */
  pathAfterColon?: boolean;
  /** Runs a program no analysis can read: why (for `runs`; with `optional`, only when a value is given). */
  opaque?: string;
  /** Options of the same subcommand that are prefixes of `long` but other options (`--text` of `--textconv`). */
  exceptions?: readonly string[];
}
