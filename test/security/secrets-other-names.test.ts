import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isSandboxAvailable } from '../../src/sandbox/is-sandbox-available.ts';
import { cleanUp, runAttack, type AttackRun } from './run-attack.ts';

// Credentials go by more names than KEY/SECRET/TOKEN/PASSWORD: a personal access token (GH_PAT), a CI job's
// JWT, an error tracker's DSN, a chat webhook's URL, and any URL or connection string with a password in it
// (DATABASE_URL, REDIS_URL, an Azure-style `AccountKey=`). `env` must print none of them.

const SECRETS = {
  GH_PAT: 'github_pat_attack0000000000000011',
  GITLAB_PAT: 'glpat-attackvalue0000000012',
  CI_JOB_JWT: 'eyJhbGciOi.attack-jwt-value.0013',
  SENTRY_DSN: 'https://attackdsnkey00014@o1.ingest.sentry.io/1',
  SLACK_WEBHOOK_URL: 'https://hooks.slack.com/services/T0/B0/attackwebhook00015',
  DATABASE_URL: 'postgres://app:attack-db-password-0016@db.internal:5432/app',
  REDIS_URL: 'redis://:attack-redis-password-0017@cache.internal:6379/0',
  STORAGE_CONNECTION: 'DefaultEndpointsProtocol=https;AccountName=acct;AccountKey=attackaccountkey0018==;EndpointSuffix=core.windows.net',
} as const;
/** Look alike but hold no credential: they must still reach commands. */
const PLAIN = { CLASSPATH: '/opt/lib/plain.jar', PUBLIC_SITE_URL: 'https://example.com/plain-site', LOCAL_DATABASE_URL: 'postgres://localhost:5432/plain_db', JWT_ISSUER: 'https://issuer.example/plain' } as const;
const modes = isSandboxAvailable() ? [true, false] : [false];

let saved: Array<[string, string | undefined]> = [];
const runs: AttackRun[] = [];
beforeEach(() => {
  const all = { ...SECRETS, ...PLAIN };
  saved = Object.keys(all).map((name) => [name, process.env[name]]);
  Object.assign(process.env, all);
});
afterEach(() => {
  for (const [name, value] of saved) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  runs.splice(0).forEach(cleanUp);
});

describe.each(modes)('credentials by other names (sandbox %s)', (sandbox) => {
  it('`env` prints none of them, and the look-alikes are all there', async () => {
    const run = await runAttack({ input: 'env', sandbox });
    runs.push(run);
    expect(run.output.is_error).toBe(false);
    for (const [name, value] of Object.entries(SECRETS)) {
      expect(run.text, name).not.toContain(value);
      expect(run.text, name).not.toMatch(new RegExp(`^${name}=`, 'm'));
    }
    for (const [name, value] of Object.entries(PLAIN)) expect(run.text).toContain(`${name}=${value}`);
  });

  it('a command that prints one anyway (read from a file) has it redacted', async () => {
    const run = await runAttack({ input: 'cat leak.txt', sandbox, files: { 'leak.txt': `db=${SECRETS.DATABASE_URL}\npat=${SECRETS.GH_PAT}\n` } });
    runs.push(run);
    expect(run.text).toContain('db=[redacted $DATABASE_URL]');
    expect(run.text).toContain('pat=[redacted $GH_PAT]');
    for (const value of Object.values(SECRETS)) expect(run.text).not.toContain(value);
  });

  it('`include` still passes one a project needs', async () => {
    const run = await runAttack({ input: 'env', sandbox, files: { '.codevrc.json': JSON.stringify({ environment: { include: ['DATABASE_URL'] } }) } });
    runs.push(run);
    expect(run.text).toContain(`DATABASE_URL=${SECRETS.DATABASE_URL}`);
    expect(run.text).not.toContain(SECRETS.REDIS_URL);
  });
});

describe('the fleet\'s own connection', () => {
  it('a job\'s commands do not get CODEV_REDIS_URL (the queue every job and its transcripts live in), even without a password in it', async () => {
    const previous = process.env.CODEV_REDIS_URL;
    process.env.CODEV_REDIS_URL = 'redis://queue.internal:6379/3';
    try {
      const run = await runAttack({ input: 'env' });
      runs.push(run);
      expect(run.text).not.toContain('redis://queue.internal');
      expect(run.text).toMatch(/^PATH=/m);
    } finally {
      if (previous === undefined) delete process.env.CODEV_REDIS_URL;
      else process.env.CODEV_REDIS_URL = previous;
    }
  });
});
