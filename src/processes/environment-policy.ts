/**
 * Which of codev's environment variables the processes it starts for the model receive (`environment` in
 * the config). By default every variable but credentials (see `isCredentialName`).
 */
export interface EnvironmentPolicy {
  /**
   * What to start from: `all` of codev's variables (default), the `core` ones (`HOME`, `USER`, `LOGNAME`,
   * `PATH`, `SHELL`, `TERM`, `TMPDIR`, `LANG`, `LC_*`, `TZ`, ...), or `none`. Credentials are dropped from any.
   */
  inherit?: EnvironmentInherit;
  /** Names (`*` matches any run of characters, case ignored) passed from codev's environment even when they look like credentials or are not inherited. */
  include?: readonly string[];
  /** Names (same patterns) never passed; wins over `include`. */
  exclude?: readonly string[];
  /** Variables set to these values, whatever the rest says. */
  set?: Readonly<Record<string, string>>;
}

/** The starting set of an {@link EnvironmentPolicy}. */
export type EnvironmentInherit = 'all' | 'core' | 'none';

/** Whether `name` matches one of `patterns` (`*` any run of characters, case ignored). */
export function matchesEnvironmentPattern(name: string, patterns: readonly string[] | undefined): boolean {
  return (patterns ?? []).some((pattern) => new RegExp(`^${pattern.split('*').map(escape).join('.*')}$`, 'i').test(name));
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
