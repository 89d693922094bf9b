import { describe, expect, it } from 'vitest';
import { commandEnvironment, withheldVariables } from './command-environment.ts';
import { isCredentialName, isProviderSetting } from './is-credential-name.ts';
import { isCredentialValue } from './is-credential-value.ts';
import { redactSecrets } from './redact-secrets.ts';

describe('isCredentialName', () => {
  it.each([
    'ANTHROPIC_API_KEY', 'ANTHROPIC_AUTH_TOKEN', 'CLAUDE_CODE_OAUTH_TOKEN', 'OPENAI_API_KEY', 'AZURE_CLIENT_SECRET',
    'GITHUB_TOKEN', 'GH_TOKEN', 'NPM_TOKEN', 'AWS_SECRET_ACCESS_KEY', 'AWS_ACCESS_KEY_ID', 'AWS_SESSION_TOKEN', 'GOOGLE_APPLICATION_CREDENTIALS',
    'PGPASSWORD', 'MYSQL_PWD', 'DB_PASSWD', 'SMTP_PASS', 'SSH_AUTH_SOCK', 'GPG_PRIVATE_KEY', 'STRIPE_SECRET', 'MYAPIKEY', 'KEY', 'api_key',
    'npm_config__authToken', 'npm_config_//registry.npmjs.org/:_authToken', 'githubToken', 'SENTRY_AUTH_TOKEN', 'CLIENTSECRET', 'SIGNING_KEYS',
    'GH_PAT', 'GITLAB_PAT', 'CI_JOB_JWT', 'SENTRY_DSN', 'SLACK_WEBHOOK_URL', 'DISCORD_WEBHOOK',
  ])('%s is a credential', (name) => expect(isCredentialName(name)).toBe(true));

  it.each([
    'PATH', 'HOME', 'PWD', 'OLDPWD', 'LANG', 'LC_ALL', 'TERM', 'SHELL', 'USER', 'TMPDIR', 'KEYBOARD_LAYOUT', 'XKB_KEYMAP', 'MONKEY_MODE', 'TOKENIZERS_PARALLELISM',
    'GIT_AUTHOR_NAME', 'GIT_AUTHOR_EMAIL', 'XAUTHORITY', 'AWS_REGION', 'AWS_PROFILE', 'NODE_OPTIONS', 'CODEV_SANDBOX', 'EDITOR', 'PASSAGE', 'SECRETARY_NAME',
    'CLASSPATH', 'JWT_ISSUER', 'DSN_LIST', 'WEBHOOK_ENABLED', 'DATABASE_URL',
  ])('%s is not', (name) => expect(isCredentialName(name)).toBe(false));

  it('model provider and cloud settings are kept from commands, but only credential names are redacted', () => {
    for (const name of ['ANTHROPIC_BASE_URL', 'CLAUDE_PROJECT_DIR', 'AZURE_STORAGE_CONNECTION_STRING', 'openai_org']) expect(isProviderSetting(name)).toBe(true);
    expect(isProviderSetting('MY_ANTHROPIC_MODE')).toBe(false);
    const base = { ANTHROPIC_BASE_URL: 'https://api.example', CLAUDE_PROJECT_DIR: '/work/project', PATH: '/bin' };
    expect(commandEnvironment({ base })).toEqual({ PATH: '/bin' });
    expect(withheldVariables({ base })).toEqual([]);
  });
});

describe('isCredentialValue', () => {
  it.each(['postgres://app:pw@db:5432/app', 'redis://:secret@cache:6379/0', 'https://user:tok@git.example/r.git', 'Server=db;User Id=a;Password=pw;', 'DefaultEndpointsProtocol=https;AccountKey=abc==;'])('%s holds one', (value) => expect(isCredentialValue(value)).toBe(true));
  it.each(['postgres://localhost:5432/app', 'https://user@git.example/r.git', 'http://[::1]:8080/x', 'a:b@c', '/usr/bin:/bin', 'https://example.com/?a=b:c@d'])('%s does not', (value) => expect(isCredentialValue(value)).toBe(false));

  it('a variable whose value holds one is withheld and redacted, whatever its name', () => {
    const base = { DATABASE_URL: 'postgres://app:pw-0001@db/app', LOCAL_URL: 'postgres://localhost/app' };
    expect(commandEnvironment({ base })).toEqual({ LOCAL_URL: 'postgres://localhost/app' });
    expect(withheldVariables({ base })).toEqual([{ name: 'DATABASE_URL', value: 'postgres://app:pw-0001@db/app' }]);
  });
});

describe('commandEnvironment', () => {
  const base = { PATH: '/usr/bin', HOME: '/home/u', LANG: 'C.UTF-8', GITHUB_TOKEN: 'ghp_x', EDITOR: 'vi', MYAPP_MODE: 'fast', MYAPP_KEY: 'k', UNSET: undefined };

  it('by default passes everything but credentials', () => {
    expect(commandEnvironment({ base })).toEqual({ PATH: '/usr/bin', HOME: '/home/u', LANG: 'C.UTF-8', EDITOR: 'vi', MYAPP_MODE: 'fast' });
  });

  it('include passes credentials it names; exclude wins over include; set wins over all', () => {
    const policy = { include: ['github_token', 'MYAPP_*'], exclude: ['MYAPP_KEY', 'EDITOR'], set: { EDITOR: 'nano', CI: '1' } };
    expect(commandEnvironment({ base, policy })).toEqual({ PATH: '/usr/bin', HOME: '/home/u', LANG: 'C.UTF-8', GITHUB_TOKEN: 'ghp_x', MYAPP_MODE: 'fast', EDITOR: 'nano', CI: '1' });
  });

  it('core keeps the core names and what include adds; none keeps only what include and set add', () => {
    expect(commandEnvironment({ base, policy: { inherit: 'core', include: ['MYAPP_MODE'] } })).toEqual({ PATH: '/usr/bin', HOME: '/home/u', LANG: 'C.UTF-8', MYAPP_MODE: 'fast' });
    expect(commandEnvironment({ base, policy: { inherit: 'none', include: ['PATH'], set: { A: 'b' } } })).toEqual({ PATH: '/usr/bin', A: 'b' });
    expect(commandEnvironment({ base, policy: { inherit: 'all' }, inherit: 'core' })).toEqual({ PATH: '/usr/bin', HOME: '/home/u', LANG: 'C.UTF-8' });
  });

  it('withholds the credentials include does not name, and what exclude names', () => {
    expect(withheldVariables({ base }).map((variable) => variable.name)).toEqual(['GITHUB_TOKEN', 'MYAPP_KEY']);
    expect(withheldVariables({ base, policy: { include: ['GITHUB_TOKEN'], exclude: ['EDITOR'] } }).map((variable) => variable.name)).toEqual(['EDITOR', 'MYAPP_KEY']);
  });
});

describe('redactSecrets', () => {
  it('replaces every occurrence, longest value first, and leaves short values alone', () => {
    const secrets = [{ name: 'SHORT', value: 'abc' }, { name: 'INNER', value: 'secret-1234' }, { name: 'OUTER', value: 'xx-secret-1234-yy' }];
    expect(redactSecrets('a xx-secret-1234-yy b secret-1234 c secret-1234 abc', secrets)).toBe('a [redacted $OUTER] b [redacted $INNER] c [redacted $INNER] abc');
  });

  it('replaces the value JSON-escaped and URL-encoded too', () => {
    const secrets = [{ name: 'PASSWORD', value: 'pa"ss\\word/+&=1' }];
    const text = `raw=pa"ss\\word/+&=1 json="pa\\"ss\\\\word/+&=1" url=pa%22ss%5Cword%2F%2B%26%3D1`;
    expect(redactSecrets(text, secrets)).toBe('raw=[redacted $PASSWORD] json="[redacted $PASSWORD]" url=[redacted $PASSWORD]');
  });
});
