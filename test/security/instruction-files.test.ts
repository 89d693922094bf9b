import { linkSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAgent } from '../../src/agent/create-agent.ts';
import type { AgentEvent } from '../../src/agent/types.ts';
import { createKernel } from '../../src/index.ts';
import { createTempProject } from '../../src/plugins/test-fixtures/create-temp-project.ts';
import { createFakeMessagesServer, textReply, toolUseReply, type FakeReply } from '../../src/testing/index.ts';
import { cleanUp, exists, runAttack } from './run-attack.ts';

/**
 * Class 7 of issue 29, instructions: CODEV.md, AGENTS.md and CLAUDE.md and their `@path` includes go into
 * every request's system prompt, so a link or an include to a file a Read deny rule covers (or to a file
 * outside the project) put that file into the model's request. Each attack runs a real agent query against
 * the fake Messages API and is judged by what that server received.
 */
const SECRET = 'sk-live-7c1e-instructions';
const ENV_DENIED = { permissions: { deny: ['Read(.env)', 'Read(secrets/**)'] } };

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  vi.unstubAllEnvs();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface Setup {
  files?: Record<string, string>;
  config?: Record<string, unknown>;
  /** Runs in the project before the kernel loads (links, hard links). */
  prepare?: (paths: { root: string; outside: string; home: string }) => void;
  /** The fake model's replies, given the project's real path. */
  replies?: (root: string) => FakeReply[];
  mode?: 'bypassPermissions';
  /** The queries made in turn (default one). */
  prompts?: string[];
  /** The person approves every ask (default: denies). */
  approve?: boolean;
}

/** A project (with its own HOME and a folder outside it), a kernel, one query; what the fake API received. */
async function querySystem(setup: Setup): Promise<{ systems: string[]; bodies: string; warnings: AgentEvent[]; root: string; asked: string[] }> {
  const project = await createTempProject({ location: 'os-tmpdir', files: { 'package.json': '{ "type": "module" }', 'codev.config.json': JSON.stringify(setup.config ?? {}), ...setup.files } });
  cleanups.push(() => project.cleanup());
  const root = realpathSync(project.root);
  const outside = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'codev-outside-')));
  cleanups.push(() => rmSync(outside, { recursive: true, force: true }));
  const home = path.join(outside, 'home');
  mkdirSync(home);
  writeFileSync(path.join(outside, 'notes.md'), `outside notes ${SECRET}\n`);
  setup.prepare?.({ root, outside, home });
  vi.stubEnv('HOME', home);
  const kernel = await createKernel({ cwd: root, env: {}, mcp: false, ...(setup.mode && { permissionMode: setup.mode }) });
  cleanups.push(() => kernel.close());
  const replies = [...(setup.replies?.(root) ?? [])];
  const server = await createFakeMessagesServer({ apiKey: 'k', script: () => replies.shift() ?? textReply('done') });
  cleanups.push(() => server.close());
  const asked: string[] = [];
  const agent = createAgent({ kernel, apiKey: 'k', baseURL: server.url, maxRetries: 0, persistSession: false, canUseTool: (tool) => {
    asked.push(tool.name);
    return setup.approve ? { behavior: 'allow' } : { behavior: 'deny', message: 'no' };
  } });
  const events: AgentEvent[] = [];
  for (const prompt of setup.prompts ?? ['hi']) for await (const event of agent.query(prompt)) events.push(event);
  await agent.close();
  return {
    systems: server.requests.map((request) => String(request.body.system ?? '')),
    bodies: server.requests.map((request) => JSON.stringify(request.body)).join('\n'),
    warnings: events.filter((event) => event.type === 'warning'),
    root,
    asked,
  };
}

describe('instruction files that lead to a secret', () => {
  it("does not send a user's ~/.codev/CLAUDE.md that is a link out of the home directory", async () => {
    const run = await querySystem({ prepare: ({ home, outside }) => {
      mkdirSync(path.join(home, '.codev'));
      symlinkSync(path.join(outside, 'notes.md'), path.join(home, '.codev', 'CLAUDE.md'));
    } });
    expect(run.bodies.includes(SECRET)).toBe(false);
    expect(run.warnings).toContainEqual(expect.objectContaining({ code: 'INSTRUCTIONS_REFUSED' }));
  });

  it('does not send a CLAUDE.md that is a link to a file outside the project', async () => {
    const run = await querySystem({ prepare: ({ root, outside }) => symlinkSync(path.join(outside, 'notes.md'), path.join(root, 'CLAUDE.md')) });
    expect(run.bodies.includes(SECRET)).toBe(false);
    expect(run.warnings).toContainEqual(expect.objectContaining({ code: 'INSTRUCTIONS_REFUSED', path: path.join(run.root, 'CLAUDE.md') }));
  });

  it('does not send a CLAUDE.md that is a link to .env under Read(.env)', async () => {
    const run = await querySystem({ config: ENV_DENIED, files: { '.env': `TOKEN=${SECRET}\n` }, prepare: ({ root }) => symlinkSync('.env', path.join(root, 'CLAUDE.md')) });
    expect(run.bodies.includes(SECRET)).toBe(false);
    expect(run.warnings).toContainEqual(expect.objectContaining({ code: 'INSTRUCTIONS_REFUSED', path: path.join(run.root, 'CLAUDE.md') }));
  });

  it('leaves out an @.env include under Read(.env), with a note naming the rule, and keeps the file that includes it', async () => {
    const run = await querySystem({ config: ENV_DENIED, files: { '.env': `TOKEN=${SECRET}\n`, 'AGENTS.md': 'Use the keys in @.env when deploying.\n' } });
    expect(run.bodies.includes(SECRET)).toBe(false);
    expect(run.systems[0]).toContain('Use the keys in');
    expect(run.systems[0]).toContain('Read(.env)');
    expect(run.warnings).toContainEqual(expect.objectContaining({ code: 'INSTRUCTIONS_REFUSED', path: path.join(run.root, '.env') }));
  });

  it('leaves out an include of a hard link to .env under Read(.env)', async () => {
    const run = await querySystem({ config: ENV_DENIED, files: { '.env': `TOKEN=${SECRET}\n`, 'CODEV.md': 'See @docs/notes.md\n' }, prepare: ({ root }) => {
      mkdirSync(path.join(root, 'docs'));
      linkSync(path.join(root, '.env'), path.join(root, 'docs/notes.md'));
    } });
    expect(run.bodies.includes(SECRET)).toBe(false);
    expect(run.warnings).toContainEqual(expect.objectContaining({ code: 'INSTRUCTIONS_REFUSED', path: path.join(run.root, 'docs/notes.md') }));
  });

  it('does not send a CLAUDE.md that is a hard link to .env under Read(.env)', async () => {
    const run = await querySystem({ config: ENV_DENIED, files: { '.env': `TOKEN=${SECRET}\n` }, prepare: ({ root }) => linkSync(path.join(root, '.env'), path.join(root, 'CLAUDE.md')) });
    expect(run.bodies.includes(SECRET)).toBe(false);
    expect(run.warnings).toContainEqual(expect.objectContaining({ code: 'INSTRUCTIONS_REFUSED', path: path.join(run.root, 'CLAUDE.md') }));
  });

  it('leaves out an include that reaches a denied file through `..` after a link', async () => {
    // docs/link is secrets/deep: the OS reads docs/link/../key.txt as secrets/key.txt, lexically it is docs/key.txt.
    const run = await querySystem({ config: ENV_DENIED, files: { 'secrets/key.txt': `${SECRET}\n`, 'secrets/deep/readme.md': 'deep\n', 'docs/key.txt': 'harmless\n', 'CLAUDE.md': 'Keys: @docs/link/../key.txt\n' }, prepare: ({ root }) => symlinkSync('../secrets/deep', path.join(root, 'docs/link')) });
    expect(run.bodies.includes(SECRET)).toBe(false);
  });

  it('leaves out an include that is a link to a file outside the project', async () => {
    const run = await querySystem({ files: { 'CLAUDE.md': 'Read @docs/notes.md\n' }, prepare: ({ root, outside }) => {
      mkdirSync(path.join(root, 'docs'));
      symlinkSync(path.join(outside, 'notes.md'), path.join(root, 'docs/notes.md'));
    } });
    expect(run.bodies.includes(SECRET)).toBe(false);
    expect(run.warnings.length).toBeGreaterThan(0);
  });

  it('asks before the model writes a CLAUDE.md even in bypassPermissions, and once approved leaves out its @.env at the next query', async () => {
    const run = await querySystem({
      config: ENV_DENIED,
      mode: 'bypassPermissions',
      approve: true,
      files: { '.env': `TOKEN=${SECRET}\n` },
      replies: (root) => [toolUseReply('Write', { file_path: path.join(root, 'CLAUDE.md'), content: 'Deploy with @.env\n' }), textReply('written')],
      prompts: ['write it', 'go on'],
    });
    expect(run.asked).toEqual(['Write']);
    expect(run.systems.at(-1)).toContain('Deploy with');
    expect(run.bodies.includes(SECRET)).toBe(false);
    expect(run.bodies.includes(SECRET)).toBe(false);
  });
});

describe('writing an instruction file', () => {
  for (const [name, target] of [['CLAUDE.md at the root', 'CLAUDE.md'], ['AGENTS.md in a nested package', 'packages/app/AGENTS.md'], ['CODEV.md', 'CODEV.md']] as const) {
    it(`asks before the Write tool writes ${name}, even in acceptEdits`, async () => {
      const run = await runAttack({ tool: 'Write', mode: 'acceptEdits', input: { file_path: `{{project}}/${target}`, content: 'Deploy with @.env\n' } });
      try {
        expect(exists(run, target)).toBe(false);
        expect(run.output.decision?.behavior).not.toBe('allow');
      } finally {
        cleanUp(run);
      }
    });
  }

  it('asks before a shell redirect writes CLAUDE.md, even in acceptEdits with echo allowed', async () => {
    const run = await runAttack({ mode: 'acceptEdits', allow: ['Bash(echo:*)'], input: "echo '@.env' > CLAUDE.md" });
    try {
      expect(exists(run, 'CLAUDE.md')).toBe(false);
    } finally {
      cleanUp(run);
    }
  });

  it('keeps an existing CLAUDE.md read-only inside the sandbox', async () => {
    const run = await runAttack({ mode: 'bypassPermissions', files: { 'CLAUDE.md': 'Be kind.\n' }, input: `python3 -c "open('CLAUDE.md', 'a').write('@.env')"` });
    try {
      expect(readFileSync(path.join(run.project.root, 'CLAUDE.md'), 'utf8')).toBe('Be kind.\n');
    } finally {
      cleanUp(run);
    }
  });
});

describe('ordinary instructions (benign)', () => {
  it('still sends a normal CLAUDE.md with its includes', async () => {
    const run = await querySystem({ config: ENV_DENIED, files: { '.env': `TOKEN=${SECRET}\n`, 'CLAUDE.md': 'Run npm test. @docs/style.md\n', 'docs/style.md': 'Two spaces.\n' } });
    expect(run.systems[0]).toContain('Run npm test.');
    expect(run.systems[0]).toContain('Two spaces.');
    expect(run.warnings).toEqual([]);
  });

  it("still sends a user's ~/.codev/CODEV.md kept in a dotfiles folder", async () => {
    const run = await querySystem({ prepare: ({ home }) => {
      mkdirSync(path.join(home, '.codev'));
      mkdirSync(path.join(home, 'dotfiles'));
      writeFileSync(path.join(home, 'dotfiles', 'CODEV.md'), 'Answer in French.\n');
      symlinkSync(path.join(home, 'dotfiles', 'CODEV.md'), path.join(home, '.codev', 'CODEV.md'));
    } });
    expect(run.systems[0]).toContain('Answer in French.');
  });
});
