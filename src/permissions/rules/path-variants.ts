/** The two names of a path that Read/Edit rules are checked against. Both absolute and normalized. */
export interface PathVariants {
  /** The path as written: `~` expanded, made absolute against the cwd, `.` and `..` resolved by name. */
  lexical: string;
  /** The path with every symlink resolved, including a dangling final link and a missing tail. */
  real: string;
}
