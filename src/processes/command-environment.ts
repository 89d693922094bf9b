import { isCredentialName, isProviderSetting } from './is-credential-name.ts';
import { isCredentialValue } from './is-credential-value.ts';
import { matchesEnvironmentPattern, type EnvironmentInherit, type EnvironmentPolicy } from './environment-policy.ts';

/** The variables `inherit: 'core'` keeps: who and where the user is, how text is shown. */
const CORE_NAMES = ['HOME', 'USER', 'USERNAME', 'LOGNAME', 'PATH', 'SHELL', 'TERM', 'COLORTERM', 'TMPDIR', 'TEMP', 'TMP', 'LANG', 'LANGUAGE', 'LC_*', 'TZ'];

type Environment = Readonly<Record<string, string | undefined>>;

/**
 * The environment of a process codev starts for the model (a Bash command, a hook command, an MCP stdio
 * server): `base` (default `process.env`) filtered by `policy`. In order: the `inherit` set (`inherit`
 * here overrides the policy's), less every credential (by name or value: see `isCredentialName` and
 * `isCredentialValue`) and model provider setting (see `isProviderSetting`), plus what `include` names, less what `exclude` names, then `set`. The one
 * place this is decided, so that no spawn passes codev's keys on by itself.
 */
export function commandEnvironment(options: { policy?: EnvironmentPolicy; base?: Environment; inherit?: EnvironmentInherit } = {}): Record<string, string> {
  const { policy = {} } = options;
  const inherit = options.inherit ?? policy.inherit ?? 'all';
  const environment: Record<string, string> = {};
  for (const [name, value] of Object.entries(options.base ?? process.env)) {
    if (value === undefined) continue;
    const included = matchesEnvironmentPattern(name, policy.include);
    const inherited = inherit === 'all' || (inherit === 'core' && matchesEnvironmentPattern(name, CORE_NAMES));
    if (!included && (!inherited || isCredential(name, value) || isProviderSetting(name))) continue;
    if (matchesEnvironmentPattern(name, policy.exclude)) continue;
    environment[name] = value;
  }
  return { ...environment, ...policy.set };
}

/**
 * The variables of `base` (default `process.env`) that `policy` keeps from commands as secrets: those
 * that look like credentials (by name or value) and `include` does not name, and those `exclude` names. What a command
 * prints of their values is redacted (see `redactSecrets`).
 */
export function withheldVariables(options: { policy?: EnvironmentPolicy; base?: Environment } = {}): Array<{ name: string; value: string }> {
  const { policy = {} } = options;
  const withheld: Array<{ name: string; value: string }> = [];
  for (const [name, value] of Object.entries(options.base ?? process.env)) {
    if (value === undefined) continue;
    const excluded = matchesEnvironmentPattern(name, policy.exclude);
    if (excluded || (isCredential(name, value) && !matchesEnvironmentPattern(name, policy.include))) withheld.push({ name, value });
  }
  return withheld;
}

/** A variable whose name or value says it holds a credential (see `isCredentialName` and `isCredentialValue`). */
function isCredential(name: string, value: string): boolean {
  return isCredentialName(name) || isCredentialValue(value);
}
