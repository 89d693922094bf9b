/** Name parts that mark a credential wherever they stand (`GITHUB_TOKEN`, `AWS_SECRET_ACCESS_KEY`, `SSH_AUTH_SOCK`). */
const CREDENTIAL_PARTS = new Set([
  'KEY', 'KEYS', 'APIKEY', 'SECRET', 'SECRETS', 'TOKEN', 'TOKENS', 'PASSWORD', 'PASSWORDS', 'PASSWD', 'PASS', 'PASSPHRASE',
  'CREDENTIAL', 'CREDENTIALS', 'CREDS', 'AUTH', 'PRIVATE', 'PAT',
]);

/**
 * Parts that mark a credential only as the name's last (`CI_JOB_JWT`, `SENTRY_DSN`, `SLACK_WEBHOOK`), or before a
 * last URL or URI (`SLACK_WEBHOOK_URL`): `JWT_ISSUER` names a setting, not a token.
 */
const CREDENTIAL_LAST_PARTS = new Set(['JWT', 'DSN', 'WEBHOOK']);

/** Endings that mark a credential inside one run-together part (`PGPASSWORD`, `CLIENTSECRET`, `MYAPIKEY`). */
const CREDENTIAL_ENDINGS = ['PASSWORD', 'PASSWD', 'SECRET', 'TOKEN', 'APIKEY', 'ACCESSKEY', 'SECRETKEY', 'PRIVATEKEY', 'CREDENTIALS', 'CREDENTIAL'];

/**
 * Prefixes of the model providers' and clouds' own settings: their keys go by many names
 * (`ANTHROPIC_AUTH_TOKEN`, `CLAUDE_CODE_OAUTH_TOKEN`, `AZURE_STORAGE_CONNECTION_STRING`), and no command needs them.
 */
const PROVIDER_PREFIXES = ['ANTHROPIC_', 'CLAUDE_', 'OPENAI_', 'AZURE_'];

/** codev's own connections that no command needs: the fleet's queue holds every job, its events and transcripts. */
const CODEV_CONNECTIONS = ['CODEV_REDIS_URL'];

/**
 * Whether a variable is a model provider's or cloud's setting (`ANTHROPIC_*`, `CLAUDE_*`, `OPENAI_*`,
 * `AZURE_*`) or codev's own connection (`CODEV_REDIS_URL`): kept from commands like credentials, but its
 * value is not redacted unless its name is also a credential's (`CLAUDE_PROJECT_DIR` is a path that output
 * names all the time).
 */
export function isProviderSetting(name: string): boolean {
  const upper = name.toUpperCase();
  return PROVIDER_PREFIXES.some((prefix) => upper.startsWith(prefix)) || CODEV_CONNECTIONS.includes(upper);
}

/**
 * Whether an environment variable's name says it holds a credential: one of its parts (split at `_`, `-`,
 * `.`, `:`, `/` and lower-to-upper case changes, compared case-insensitively) is a credential word such as
 * KEY, SECRET, TOKEN, PASSWORD, PASSWD, CREDENTIAL(S), AUTH, PRIVATE or PAT, or ends with one that cannot be
 * part of an ordinary word (PASSWORD, SECRET, TOKEN, APIKEY), or its last part (before a last URL or URI) is
 * JWT, DSN or WEBHOOK. Whole parts only: `KEYBOARD`, `MONKEY` and
 * `GIT_AUTHOR_NAME` are not credentials; `PWD` alone is the working directory, `MYSQL_PWD` a password.
 *
 * @example
 * isCredentialName('AWS_SECRET_ACCESS_KEY'); // true
 * isCredentialName('KEYBOARD_LAYOUT'); // false
 */
export function isCredentialName(name: string): boolean {
  const parts = nameParts(name);
  if (parts.length > 1 && parts.includes('PWD')) return true;
  const last = ['URL', 'URI'].includes(parts.at(-1) ?? '') ? parts.at(-2) : parts.at(-1);
  if (last !== undefined && CREDENTIAL_LAST_PARTS.has(last)) return true;
  return parts.some((part) => CREDENTIAL_PARTS.has(part) || CREDENTIAL_ENDINGS.some((ending) => part.endsWith(ending)));
}

/** The parts of a name, upper case: `npm_config_//registry/:_authToken` gives NPM, CONFIG, REGISTRY, AUTH, TOKEN. */
function nameParts(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .split(/[^A-Za-z0-9]+/)
    .filter((part) => part !== '')
    .map((part) => part.toUpperCase());
}
