/**
 * Secrets in the environment, through git: the git commands codev runs itself for the model (an agent's
 * worktree: `git worktree add` runs the repository's post-checkout hook) started from codev's whole
 * environment, so a hook, and whatever the hook runs from the project, got codev's credentials, outside the
 * sandbox. Judged by effect: what the hook wrote of its environment.
 */
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanGitMachine } from '../../src/git/test-fixtures/clean-git-machine.ts';
import { createAgentWorktree } from '../../src/worktrees/create-agent-worktree.ts';

const machine = cleanGitMachine('codev-git-hook-secrets-');
const SECRETS = { ANTHROPIC_API_KEY: 'sk-ant-api03-git-hook-value-0301', GITHUB_TOKEN: 'ghp_githookattackvalue000000302' } as const;
let saved: Array<[string, string | undefined]> = [];
beforeEach(() => {
  saved = [...Object.keys(SECRETS), 'CODEV_TEST_PLAIN'].map((name) => [name, process.env[name]]);
  Object.assign(process.env, SECRETS, { CODEV_TEST_PLAIN: 'plain-value-0303' });
});
afterEach(() => {
  for (const [name, value] of saved) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

describe("the repository's hooks that codev's own git commands run", () => {
  it('the post-checkout hook of an agent worktree gets no credentials, and still runs with the ordinary variables', async () => {
    const repo = machine.directory();
    machine.git(repo, 'init', '-q', '.');
    writeFileSync(path.join(repo, 'README.md'), 'hello\n');
    machine.git(repo, 'add', '-A');
    machine.git(repo, 'commit', '-q', '-m', 'initial');
    const written = path.join(machine.root, `hook-env-${path.basename(repo)}.txt`);
    const hook = path.join(repo, '.git', 'hooks', 'post-checkout');
    writeFileSync(hook, `#!/bin/sh\nenv > '${written}'\n`);
    chmodSync(hook, 0o755);
    // The worktree goes with the machine's temp root.
    await createAgentWorktree({ cwd: repo, name: 'hook-probe' });
    expect(existsSync(written)).toBe(true);
    const environment = readFileSync(written, 'utf8');
    for (const value of Object.values(SECRETS)) expect(environment).not.toContain(value);
    expect(environment).toContain('CODEV_TEST_PLAIN=plain-value-0303');
    expect(environment).toMatch(/^PATH=/m);
  });
});
