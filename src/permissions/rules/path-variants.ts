/** The names of a path that Read/Edit rules are checked against. All absolute and normalized. */
export interface PathVariants {
  /**
   * The path the OS opens: `~` expanded, made absolute against the cwd, `.` resolved by name and each `..`
   * the way the kernel does (the part before it through its links first). Other link names are kept.
   */
  lexical: string;
  /** The path with every symlink resolved, including a dangling final link and a missing tail. */
  real: string;
  /** The path with `..` collapsed by name, when that differs from `lexical` (`link/..`): deny and ask see it too. */
  written?: string;
  /** Set when a `..` follows a name that is missing, a file or a link loop: where it leads is only known at use. */
  unresolvable?: string;
}
