import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCommand } from '../../src/cli/commands/run-command.ts';
import { validateConfig } from '../../src/config/validate-config.ts';
import { isSandboxAvailable } from '../../src/sandbox/is-sandbox-available.ts';
import { resetReplSessions } from '../../src/repl/get-repl-session.ts';
import { endSession } from '../../src/session/end-session.ts';
import { bashTool } from '../../src/tools/Bash/index.ts';
import { createReplTool } from '../../src/tools/REPL/index.ts';
import { createFakeMessagesServer, createTestContext, createTestKernel, resultText, runTool, textReply, toolUseReply, type FakeMessagesServer, type TestKernel } from '../../src/testing/index.ts';
import { cleanUp, runAttack, type AttackRun } from './run-attack.ts';

// `codev tool Bash '{"command":"env"}'` runs without asking: it printed codev's own credentials into the
// model's context and the saved session. Judged by the effect: does a value appear where the model reads it?

const SECRETS = {
  ANTHROPIC_API_KEY: 'sk-ant-api03-attack-value-0001',
  GITHUB_TOKEN: 'ghp_attackvalue00000000000002',
  AWS_SECRET_ACCESS_KEY: 'aws/attack+secret/value/0003',
  ANTHROPIC_AUTH_TOKEN: 'auth-token-attack-value-0004',
  NPM_CONFIG__AUTHTOKEN: 'npm-attack-value-000000005',
  PGPASSWORD: 'pg-attack-password-0006',
} as const;
/** Ordinary variables: they must still reach commands. */
const PLAIN = { LANG: 'C.UTF-8', TERM: 'xterm-256color', KEYBOARD_LAYOUT: 'us-international', GIT_AUTHOR_NAME: 'Plain Author Name', CODEV_TEST_PLAIN: 'plain-value-000007' } as const;
const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'test-fixtures');
const modes = isSandboxAvailable() ? [true, false] : [false];

let saved: Array<[string, string | undefined]> = [];
const runs: AttackRun[] = [];
const servers: FakeMessagesServer[] = [];
const folders: string[] = [];
const kernels: TestKernel[] = [];
beforeEach(() => {
  const all = { ...SECRETS, ...PLAIN };
  saved = Object.keys(all).map((name) => [name, process.env[name]]);
  Object.assign(process.env, all);
});
afterEach(async () => {
  for (const [name, value] of saved) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  runs.splice(0).forEach(cleanUp);
  await Promise.all(servers.splice(0).map((server) => server.close()));
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  await Promise.all(kernels.splice(0).map((test) => test.cleanup()));
});

async function attack(options: Parameters<typeof runAttack>[0]): Promise<AttackRun> {
  const run = await runAttack(options);
  runs.push(run);
  return run;
}

function withConfig(config: unknown): Record<string, string> {
  return { '.codevrc.json': JSON.stringify(config) };
}

function expectNoSecret(text: string): void {
  for (const value of Object.values(SECRETS)) expect(text).not.toContain(value);
}

describe.each(modes)('Bash gets no credentials (sandbox %s)', (sandbox) => {
  it('`env` prints none of codev\'s credentials, and the ordinary variables are all there', async () => {
    const run = await attack({ input: 'env', sandbox });
    expect(run.output.is_error).toBe(false);
    expectNoSecret(run.text);
    for (const name of Object.keys(SECRETS)) expect(run.text).not.toContain(`${name}=`);
    for (const [name, value] of Object.entries(PLAIN)) expect(run.text).toContain(`${name}=${value}`);
    expect(run.text).toMatch(/\bPATH=\//);
    expect(run.text).toMatch(/\bHOME=\//);
  });

  it('a command that prints a credential anyway (read from a file) has its value redacted in the result', async () => {
    const run = await attack({ input: 'cat leak.txt', sandbox, files: { 'leak.txt': `key=${SECRETS.ANTHROPIC_API_KEY}\ntoken=${SECRETS.GITHUB_TOKEN}\n` } });
    expectNoSecret(run.text);
    expect(run.text).toContain('key=[redacted $ANTHROPIC_API_KEY]');
    expect(run.text).toContain('token=[redacted $GITHUB_TOKEN]');
  });

  it('a background command gets no credentials either', async () => {
    const test = await createTestKernel({ files: withConfig({ environment: { set: { DEPLOY_TARGET: 'staging-eu-1' } } }) });
    kernels.push(test);
    const previous = process.env.CODEV_SANDBOX;
    process.env.CODEV_SANDBOX = sandbox ? '1' : '0';
    try {
      const { result } = await runTool({ name: 'Bash', input: { command: 'env; echo ENV-DONE', run_in_background: true }, context: test.kernel.createToolUseContext(), canUseTool: () => ({ behavior: 'allow' }) });
      const outputFile = (result.output as { outputFile: string }).outputFile;
      // Bounded wait for the command to finish writing (`env` takes milliseconds).
      for (let attempt = 0; attempt < 400 && !readFileSync(outputFile, 'utf8').includes('ENV-DONE'); attempt++) await new Promise((resolve) => setTimeout(resolve, 25));
      const written = readFileSync(outputFile, 'utf8');
      expect(written).toContain('ENV-DONE');
      expectNoSecret(written);
      expect(written).toContain(`LANG=${PLAIN.LANG}`);
      expect(written).toContain('DEPLOY_TARGET=staging-eu-1');
    } finally {
      if (previous === undefined) delete process.env.CODEV_SANDBOX;
      else process.env.CODEV_SANDBOX = previous;
    }
  });
});

describe('what a command can still reach is redacted', () => {
  it('a process environment read through /proc (sandbox off) comes back with the credentials redacted', async () => {
    // As codev's own would be: started with the credentials (a process's /proc environ is the one it was started with).
    const holder = spawn('sleep', ['60'], { env: process.env, stdio: 'ignore' });
    let run: AttackRun;
    try {
      run = await attack({ input: `tr '\\0' '\\n' < /proc/${holder.pid}/environ`, mode: 'bypassPermissions', sandbox: false });
    } finally {
      holder.kill('SIGKILL');
    }
    expect(run.text).toContain(`LANG=${PLAIN.LANG}`);
    expectNoSecret(run.text);
    expect(run.text).toContain('ANTHROPIC_API_KEY=[redacted $ANTHROPIC_API_KEY]');
    expect(run.text).toContain('AWS_SECRET_ACCESS_KEY=[redacted $AWS_SECRET_ACCESS_KEY]');
  });
});

describe('the `environment` config', () => {
  it('`include` passes a named credential through, `set` sets one, `exclude` drops an ordinary one (and redacts it)', async () => {
    const files = withConfig({ environment: { include: ['GITHUB_TOKEN'], set: { DEPLOY_TARGET: 'staging-eu-1' }, exclude: ['CODEV_TEST_*'] } });
    const run = await attack({ input: 'env; echo "plain is $CODEV_TEST_PLAIN"', allow: ['Bash'], files });
    expect(run.text).toContain(`GITHUB_TOKEN=${SECRETS.GITHUB_TOKEN}`);
    expect(run.text).toContain('DEPLOY_TARGET=staging-eu-1');
    expect(run.text).not.toContain('CODEV_TEST_PLAIN=');
    expect(run.text).toMatch(/^plain is $/m);
    expect(run.text).not.toContain(SECRETS.ANTHROPIC_API_KEY);
    expect(run.text).not.toContain(SECRETS.AWS_SECRET_ACCESS_KEY);
  });

  it('`inherit: core` keeps only the core variables (and still no credentials); `include` adds to them', async () => {
    const run = await attack({ input: 'env', files: withConfig({ environment: { inherit: 'core', include: ['KEYBOARD_*'] } }) });
    expect(run.text).toMatch(/\bPATH=\//);
    expect(run.text).toContain(`LANG=${PLAIN.LANG}`);
    expect(run.text).toContain(`KEYBOARD_LAYOUT=${PLAIN.KEYBOARD_LAYOUT}`);
    expect(run.text).not.toContain('GIT_AUTHOR_NAME=');
    expectNoSecret(run.text);
  });

  it('a bad `environment` is CONFIG_INVALID, naming the field', () => {
    for (const environment of [{ inherit: 'some' }, { include: ['MY VAR'] }, { set: { '1BAD': 'x' } }, { set: { OK: 1 } }, { unknown: true }]) {
      let thrown: unknown;
      try {
        validateConfig({ value: { environment } });
      } catch (error) {
        thrown = error;
      }
      expect(thrown, JSON.stringify(environment)).toMatchObject({ code: 'CONFIG_INVALID' });
      expect(String((thrown as Error).message)).toContain('environment');
    }
    expect(validateConfig({ value: { environment: { inherit: 'none', include: ['MYAPP_*', 'PATH'], exclude: ['DEBUG'], set: { CI: '1' } } } }).environment?.inherit).toBe('none');
  });
});

describe('hooks and MCP servers get no credentials', () => {
  it('a command hook does not see them', async () => {
    const files = withConfig({ hooks: [{ event: 'PreToolUse', matcher: 'Bash', command: 'env > hook-env.txt' }] });
    const run = await attack({ input: 'true', files });
    const written = readFileSync(path.join(run.project.root, 'hook-env.txt'), 'utf8');
    expectNoSecret(written);
    expect(written).toContain(`LANG=${PLAIN.LANG}`);
    expect(written).toMatch(/\bCODEV_PROJECT_DIR=\//);
  });

  it('an MCP stdio server does not see them; `include` and `set` reach it, and its own `env` is passed as configured', async () => {
    const files = {
      ...withConfig({ environment: { include: ['GITHUB_TOKEN'], set: { DEPLOY_TARGET: 'staging-eu-1' } } }),
      '.mcp.json': JSON.stringify({ mcpServers: { env: { command: process.execPath, args: [path.join(FIXTURES, 'environment-server.mjs')], env: { SERVER_API_KEY: 'named-by-the-user-0008' } } } }),
    };
    const run = await attack({ tool: 'mcp__env__environment', input: {}, allow: ['mcp__env'], files });
    expect(run.output.is_error).toBe(false);
    const seen = JSON.parse(run.text) as Record<string, string>;
    for (const name of ['ANTHROPIC_API_KEY', 'AWS_SECRET_ACCESS_KEY', 'ANTHROPIC_AUTH_TOKEN', 'PGPASSWORD']) expect(seen[name]).toBeUndefined();
    expect(seen.GITHUB_TOKEN).toBe(SECRETS.GITHUB_TOKEN);
    expect(seen.DEPLOY_TARGET).toBe('staging-eu-1');
    expect(seen.SERVER_API_KEY).toBe('named-by-the-user-0008');
    expect(seen.PATH).toBeDefined();
  });
});

describe('the REPL', () => {
  it('the commands it runs get no credentials, and the policy reaches them', async () => {
    const repl = createReplTool({ primitives: () => [bashTool] });
    const context = { ...createTestContext({ tools: [repl] }), environment: { set: { DEPLOY_TARGET: 'staging-eu-1' } } };
    // The REPL's own code has no `process` (its worker starts with PATH only); what it can reach is the commands it runs.
    const code = "const r = await Bash({ command: 'env' });\nr.stdout";
    try {
      const { result } = await runTool({ name: 'REPL', input: { code }, context, canUseTool: () => ({ behavior: 'allow' }) });
      const text = resultText(result);
      expect(result.isError, text).toBe(false);
      expect(text).toContain('DEPLOY_TARGET=staging-eu-1');
      expect(text).toContain(`LANG=${PLAIN.LANG}`);
      expectNoSecret(text);
      expectNoSecret(JSON.stringify(result.output));
    } finally {
      resetReplSessions();
      await endSession({ sessionDirectory: context.sessionDirectory, owned: false });
    }
  });
});

describe('the saved session', () => {
  it('redacts a credential a tool printed, in the transcript, in what the model was sent and in what `codev run` prints', async () => {
    const root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'codev-secrets-')));
    folders.push(root);
    writeFileSync(path.join(root, 'package.json'), '{"name":"victim","private":true}');
    writeFileSync(path.join(root, 'agent.ts'), "export default { prompt: 'go' };\n");
    writeFileSync(path.join(root, 'leak.txt'), `aws=${SECRETS.AWS_SECRET_ACCESS_KEY}\n`);
    const server = await createFakeMessagesServer({ script: [toolUseReply('Bash', { command: 'cat leak.txt; env' }), textReply('done')], apiKey: 'test-key' });
    servers.push(server);
    let printed = '';
    const io = { cwd: root, env: { ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: 'test-key', CODEV_MAX_RETRIES: '0' }, stdout: (text: string) => void (printed += text), stderr: (text: string) => void (printed += text), readStdin: async () => '' };
    const code = await runCommand([path.join(root, 'agent.ts'), '--permission-mode', 'bypassPermissions'], io);
    expect(code).toBe(0);
    const sessions = path.join(root, '.codev', 'sessions');
    const transcripts = readdirSync(sessions).filter((file) => file.endsWith('.jsonl'));
    expect(transcripts).toHaveLength(1);
    const saved = readFileSync(path.join(sessions, transcripts[0]!), 'utf8');
    expect(saved).toContain('aws=[redacted $AWS_SECRET_ACCESS_KEY]');
    expectNoSecret(saved);
    const sent = JSON.stringify(server.requests);
    expect(sent).toContain('[redacted $AWS_SECRET_ACCESS_KEY]');
    expectNoSecret(sent);
    expect(printed).toContain('aws=[redacted $AWS_SECRET_ACCESS_KEY]');
    expectNoSecret(printed);
  });
});

describe('ordinary use', () => {
  it.each(modes)('npm and git still work (sandbox %s)', async (sandbox) => {
    const run = await attack({ input: 'npm pkg get name && git status --short && git log --oneline | wc -l', allow: ['Bash(npm pkg get:*)', 'Bash(git status:*)', 'Bash(git log:*)', 'Bash(wc:*)'], sandbox, git: true });
    expect(run.output.is_error).toBe(false);
    expect(run.text).toContain('"victim"');
  });
});
