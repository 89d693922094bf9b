import { isCredentialName, isProviderSetting } from './is-credential-name.ts';
import { isCredentialValue } from './is-credential-value.ts';
import { matchesEnvironmentPattern, type EnvironmentInherit, type EnvironmentPolicy } from './environment-policy.ts';

/**
 * The variables `inherit: 'core'` keeps: who and where the user is, how text is shown; and the projects the
 * `codev mcp serve` processes above this one serve, so that a project serving itself is refused, not repeated.
 */
const CORE_NAMES = ['HOME', 'USER', 'USERNAME', 'LOGNAME', 'PATH', 'SHELL', 'TERM', 'COLORTERM', 'TMPDIR', 'TEMP', 'TMP', 'LANG', 'LANGUAGE', 'LC_*', 'TZ', 'CODEV_MCP_SERVE_CHAIN'];

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
  if (!options.base) refreshWithheld(options.policy);
  return { ...environment, ...policy.set };
}

/** A kept list of withheld variables, by policy (`NO_POLICY` for none). */
const snapshots = new WeakMap<object, ReadonlyArray<{ name: string; value: string }>>();
const NO_POLICY = {};

/**
 * The variables of `base` (default `process.env`) that `policy` keeps from commands as secrets: those
 * that look like credentials (by name or value) and `include` does not name, and those `exclude` names. What a command
 * prints of their values is redacted (see `redactSecrets`). Without `base`, the answer is the one taken when
 * codev last started a command under this policy (or first asked): every result is redacted with it, and
 * reading the whole environment again costs more than a whole tool call.
 */
export function withheldVariables(options: { policy?: EnvironmentPolicy; base?: Environment } = {}): ReadonlyArray<{ name: string; value: string }> {
  if (options.base) return findWithheld(options.policy ?? {}, options.base);
  return snapshots.get(options.policy ?? NO_POLICY) ?? refreshWithheld(options.policy);
}

/**
 * Takes the withheld variables of `process.env` under `policy` again: when a command starts (with what the
 * environment holds now) and when a tool-use context is made.
 */
export function refreshWithheld(policy: EnvironmentPolicy | undefined): ReadonlyArray<{ name: string; value: string }> {
  const withheld = findWithheld(policy ?? {}, process.env);
  snapshots.set(policy ?? NO_POLICY, withheld);
  return withheld;
}

function findWithheld(policy: EnvironmentPolicy, base: Environment): Array<{ name: string; value: string }> {
  const withheld: Array<{ name: string; value: string }> = [];
  for (const [name, value] of Object.entries(base)) {
    if (value === undefined) continue;
    const excluded = matchesEnvironmentPattern(name, policy.exclude);
    if (excluded || (isCredential(name, value) && !matchesEnvironmentPattern(name, policy.include))) withheld.push({ name, value });
  }
  return withheld;
}

/** A variable whose name or value says it holds a credential (see `isCredentialName` and `isCredentialValue`). */
function isCredential(name: string, value: string): boolean {
  const key = `${name}=${value}`;
  let answer = credentials.get(key);
  if (answer === undefined) {
    // Bounded: an environment is small, but a long-running process may see many values come and go.
    if (credentials.size >= 4096) credentials.clear();
    credentials.set(key, (answer = isCredentialName(name) || isCredentialValue(value)));
  }
  return answer;
}

/** `isCredential` by `name=value`: every command start and result asks again about the same variables. */
const credentials = new Map<string, boolean>();
