import { describe, expect, it } from 'vitest';
import type { PermissionRule } from '../types.ts';
import { analyzeShellCommand } from './analyze-shell-command.ts';
import { matchCommandRules } from './match-command-rules.ts';

function rule(pattern: string, behavior: 'allow' | 'deny' | 'ask' = 'allow'): PermissionRule {
  return { source: 'project', behavior, value: { toolName: 'Bash', ruleContent: pattern }, text: `Bash(${pattern})` };
}

async function match(command: string, patterns: string[], behavior: 'allow' | 'deny' | 'ask') {
  const analysis = await analyzeShellCommand(command);
  return matchCommandRules({ analysis, command, rules: patterns.map((pattern) => rule(pattern, behavior)), behavior });
}

describe('matchCommandRules: deny and ask', () => {
  it('returns the first rule matching any part, and the part', async () => {
    expect(await match('echo x && rm -rf /', ['curl *', 'rm *'], 'deny')).toMatchObject({ rule: { text: 'Bash(rm *)' }, part: 'rm -rf /' });
    expect(await match('echo x && ls', ['rm *'], 'ask')).toBeUndefined();
  });

  it('sees through assignments, wrappers and paths', async () => {
    expect(await match('FOO=1 rm -rf x', ['FOO=1 rm *'], 'deny')).toMatchObject({ part: 'FOO=1 rm -rf x' });
    expect(await match('timeout 5 rm -rf x', ['timeout *'], 'deny')).toMatchObject({ part: 'timeout 5 rm -rf x' });
    expect(await match('/usr/bin/rm -rf x', ['rm *'], 'deny')).toMatchObject({ part: 'rm -rf x' });
    expect(await match('rm$IFS-rf x', ['rm -rf *'], 'deny')).toBeDefined();
  });

  it('matches a rule in one Unicode form against the command in another; allow stays exact', async () => {
    expect(await match('rm cafe\u0301.txt', ['rm caf\u00e9.txt'], 'deny')).toMatchObject({ rule: { text: 'Bash(rm caf\u00e9.txt)' } });
    expect(await match('rm -f caf\u00e9.txt x', ['rm -f cafe\u0301.txt:*'], 'ask')).toBeDefined();
    expect(await match('rm cafe\u0301.txt', ['rm caf\u00e9.txt'], 'allow')).toBeUndefined();
    expect(await match('rm cafe.txt', ['rm caf\u00e9.txt'], 'deny')).toBeUndefined();
  });

  it('matches the whole command string too', async () => {
    expect(await match('git add . && git commit', ['git add . && git commit'], 'deny')).toBeDefined();
  });

  it('still denies what the parser refused, using an over-split guess', async () => {
    const analysis = await analyzeShellCommand('rm -rf / &&& x');
    expect(analysis.ok).toBe(false);
    expect(matchCommandRules({ analysis, command: 'rm -rf / &&& x', rules: [rule('rm *', 'deny')], behavior: 'deny' })).toBeDefined();
  });

  it('skips rules without content', async () => {
    const analysis = await analyzeShellCommand('ls');
    const whole: PermissionRule = { source: 'user', behavior: 'deny', value: { toolName: 'Bash' }, text: 'Bash' };
    expect(matchCommandRules({ analysis, command: 'ls', rules: [whole], behavior: 'deny' })).toBeUndefined();
  });
});

describe('matchCommandRules: allow', () => {
  it('needs no rule for set/shopt options that only set shell state, and does for the others', async () => {
    expect(await match('set -euo pipefail; git status', ['git status:*'], 'allow')).toMatchObject({ parts: ['git status'] });
    expect(await match('shopt -s nullglob; set +x\ngit status', ['git status:*'], 'allow')).toBeDefined();
    for (const command of ['set; git status', 'set -k; git status', 'set -a; git status', 'set -- a; git status', 'shopt -s dotglob; git status', 'set -e > f; git status', 'set -e']) {
      expect(await match(command, ['git status:*'], 'allow'), command).toBeUndefined();
    }
    expect(await match('set -e; rm x', ['rm *'], 'deny')).toBeDefined();
    expect(await match('set -e; git status', ['set *'], 'deny')).toBeDefined();
  });

  it('needs every simple command covered, possibly by different rules', async () => {
    const coverage = await match('git status && npm test', ['npm test', 'git status'], 'allow');
    expect(coverage).toEqual({ rules: [expect.objectContaining({ text: 'Bash(git status)' }), expect.objectContaining({ text: 'Bash(npm test)' })], parts: ['git status', 'npm test'] });
    expect(await match('git status && npm test', ['git status'], 'allow')).toBeUndefined();
  });

  it('never allows dynamic commands, failed analyses or nothing at all', async () => {
    expect(await match('echo $HOME', ['echo *'], 'allow')).toBeUndefined();
    expect(await match('echo "x', ['echo *'], 'allow')).toBeUndefined();
    expect(await match('# nothing', ['*'], 'allow')).toBeUndefined();
  });

  it('allows harmless leading variables, others only when the rule spells them out', async () => {
    expect(await match('NODE_ENV=test npm test', ['npm test'], 'allow')).toBeDefined();
    expect(await match('GIT_SSH_COMMAND=evil git fetch', ['git fetch'], 'allow')).toBeUndefined();
    expect(await match('GIT_SSH_COMMAND=x git fetch', ['GIT_SSH_COMMAND=x git fetch'], 'allow')).toBeDefined();
    expect(await match('LANG=C; ls', ['ls'], 'allow')).toEqual({ rules: [expect.objectContaining({ text: 'Bash(ls)' })], parts: ['ls'] });
    expect(await match('PATH=/tmp; ls', ['ls'], 'allow')).toBeUndefined();
  });

  it('strips benign wrappers but makes sudo explicit', async () => {
    expect(await match('timeout 5 npm test', ['npm test'], 'allow')).toBeDefined();
    expect(await match('sudo npm test', ['npm test'], 'allow')).toBeUndefined();
    expect(await match('sudo npm test', ['sudo npm test'], 'allow')).toBeDefined();
  });

  it('requires a trailing wildcard for what xargs runs', async () => {
    expect(await match('ls | xargs wc -l', ['ls', 'wc -l'], 'allow')).toBeUndefined();
    expect(await match('ls | xargs wc -l', ['ls', 'wc -l *'], 'allow')).toBeDefined();
    expect(await match('ls | xargs -I{} wc -l {}', ['ls', 'wc -l {}'], 'allow')).toBeDefined();
  });

  it('leaves redirect targets to the engine', async () => {
    const analysis = await analyzeShellCommand('echo hi > out.txt');
    expect(matchCommandRules({ analysis, command: 'echo hi > out.txt', rules: [rule('echo *')], behavior: 'allow' })).toBeDefined();
    expect(analysis.ok && analysis.writes).toEqual([{ operator: '>', target: 'out.txt', static: true, directories: ['.'] }]);
  });
});
