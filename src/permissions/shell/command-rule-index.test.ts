import { describe, expect, it } from 'vitest';
import type { PermissionRule } from '../types.ts';
import { analyzeShellCommand } from './analyze-shell-command.ts';
import { candidateRules, commandRuleIndex, firstWordOf } from './command-rule-index.ts';
import { commandPatternFirstWord, matchCommandPattern } from './match-command-pattern.ts';
import { matchCommandRules } from './match-command-rules.ts';

function rule(pattern: string, behavior: 'allow' | 'deny' | 'ask'): PermissionRule {
  return { source: 'project', behavior, value: { toolName: 'Bash', ruleContent: pattern }, text: `Bash(${pattern})` };
}

/** 1,000 rules for other programs and other git commands, none matching the commands below. */
function unrelated(behavior: 'allow' | 'deny' | 'ask'): PermissionRule[] {
  return Array.from({ length: 1_000 }, (_, index) => rule(index % 2 === 0 ? `tool${index} *` : `git alias${index} *`, behavior));
}

async function decide(command: string, rules: PermissionRule[], behavior: 'allow' | 'deny' | 'ask') {
  return matchCommandRules({ analysis: await analyzeShellCommand(command), command, rules, behavior });
}

describe('commandPatternFirstWord', () => {
  it('is the word every match starts with, or undefined when a star may stand in it', () => {
    expect(commandPatternFirstWord('git push *')).toBe('git');
    expect(commandPatternFirstWord('git status')).toBe('git');
    expect(commandPatternFirstWord('ls *')).toBe('ls');
    expect(commandPatternFirstWord('git:*')).toBe('git');
    expect(commandPatternFirstWord('true')).toBe('true');
    expect(commandPatternFirstWord('/usr/bin/rm *')).toBe('/usr/bin/rm');
    expect(commandPatternFirstWord('\\* x')).toBe('*');
    expect(commandPatternFirstWord('* install')).toBeUndefined();
    expect(commandPatternFirstWord('ls*')).toBeUndefined();
    expect(commandPatternFirstWord('*')).toBeUndefined();
  });

  it('never rules out a text the pattern matches', () => {
    const patterns = ['git push *', 'git:*', 'ls *', 'ls', 'ls*', '* -rf *', 'rm -rf /*', 'a b', 'a\\*b *', 'a\\\\ *', '*', '', 'x *:*', ' ls * '];
    const texts = ['git push origin', 'git', 'ls', 'ls -la', 'lsof', 'rm -rf /', 'a b', 'a*b c', 'a\\ c', 'x y:z', '', ' ls', 'ls\t-la', 'git  push x'];
    for (const pattern of patterns) {
      for (const text of texts) {
        const word = commandPatternFirstWord(pattern);
        if (matchCommandPattern(pattern, text)) expect(word === undefined || word === firstWordOf(text), `${pattern} / ${text}`).toBe(true);
      }
    }
  });
});

describe('commandRuleIndex', () => {
  it('is built once per list of the same rules, and again when the rules change', () => {
    const rules = [rule('rm *', 'deny'), rule('git push *', 'deny')];
    const index = commandRuleIndex(rules);
    expect(commandRuleIndex([...rules])).toBe(index);
    const longer = commandRuleIndex([...rules, rule('curl *', 'deny')]);
    expect(longer).not.toBe(index);
    expect(longer.byFirstWord.get('curl')).toEqual([2]);
  });

  it('offers the rules filed under each text\'s first word and those for any word, in rule order', () => {
    const index = commandRuleIndex([rule('* --force', 'deny'), rule('git push *', 'deny'), rule('rm *', 'deny'), rule('git reset *', 'deny'), rule('ls*', 'deny')]);
    expect(candidateRules(index, ['git push x'])).toEqual([0, 1, 3, 4]);
    expect(candidateRules(index, ['rm x', 'git status'])).toEqual([0, 1, 2, 3, 4]);
    expect(candidateRules(index, ['echo x'])).toEqual([0, 4]);
  });

  it('skips rules without content', () => {
    const whole: PermissionRule = { source: 'user', behavior: 'deny', value: { toolName: 'Bash' }, text: 'Bash' };
    expect(commandRuleIndex([whole, rule('rm *', 'deny')]).rules.map((entry) => entry.text)).toEqual(['Bash(rm *)']);
  });
});

describe('matchCommandRules through the index, among 1,000 other rules', () => {
  it('still denies what a rule matches, through wrappers, env, assignments and paths', async () => {
    const deny = [...unrelated('deny'), rule('rm *', 'deny')];
    for (const command of ['echo x && rm -rf /', 'timeout 5 rm -rf x', 'env FOO=1 rm -rf x', 'FOO=1 rm -rf x', '/usr/bin/rm -rf x', 'sudo rm -rf x', 'nice -n 5 /bin/rm x', 'find . -exec rm {} \\;']) {
      expect(await decide(command, deny, 'deny'), command).toMatchObject({ rule: { text: 'Bash(rm *)' }, certain: true });
    }
  });

  it('applies deny rules on the wrapper, on env and on a path-qualified program', async () => {
    expect(await decide('timeout 5 rm -rf x', [...unrelated('deny'), rule('timeout *', 'deny')], 'deny')).toMatchObject({ part: 'timeout 5 rm -rf x', certain: true });
    expect(await decide('env FOO=1 ls', [...unrelated('deny'), rule('env *', 'deny')], 'deny')).toMatchObject({ part: 'env FOO=1 ls', certain: true });
    expect(await decide('sudo apt update', [...unrelated('deny'), rule('sudo *', 'deny')], 'deny')).toMatchObject({ part: 'sudo apt update', certain: true });
    expect(await decide('/usr/bin/rm -rf x', [...unrelated('deny'), rule('/usr/bin/rm *', 'deny')], 'deny')).toMatchObject({ part: '/usr/bin/rm -rf x', certain: true });
    expect(await decide('FOO=1 rm -rf x', [...unrelated('deny'), rule('FOO=1 rm *', 'deny')], 'deny')).toMatchObject({ part: 'FOO=1 rm -rf x', certain: true });
  });

  it('tries rules whose first word can be anything, and keeps the first matching rule in list order', async () => {
    expect(await decide('git push --force', [...unrelated('deny'), rule('* --force', 'deny')], 'deny')).toMatchObject({ rule: { text: 'Bash(* --force)' } });
    expect(await decide('rm -rf x', [rule('* -rf *', 'deny'), rule('rm *', 'deny')], 'deny')).toMatchObject({ rule: { text: 'Bash(* -rf *)' } });
    expect(await decide('rm -rf x', [rule('rm *', 'deny'), rule('* -rf *', 'deny')], 'deny')).toMatchObject({ rule: { text: 'Bash(rm *)' } });
  });

  it('still reports a rule that could match what an unknown program or a computed word runs', async () => {
    expect(await decide('doit rm -rf x', [...unrelated('deny'), rule('rm *', 'deny')], 'deny')).toMatchObject({ rule: { text: 'Bash(rm *)' }, certain: false });
    // `$CMD -rf x` could be `tool0 -rf x`: the first rule that fits its shape is the one reported.
    expect(await decide('$CMD -rf x', [...unrelated('deny'), rule('rm *', 'deny')], 'deny')).toMatchObject({ rule: { text: 'Bash(tool0 *)' }, certain: false });
    expect(await decide('echo $X', [rule('git push *', 'deny'), rule('echo *', 'deny')], 'deny')).toMatchObject({ rule: { text: 'Bash(echo *)' }, certain: true });
    expect(await decide('doit ls', [...unrelated('deny'), rule('rm *', 'deny')], 'deny')).toBeUndefined();
  });

  it('covers a command with allow rules found through the index, and only then', async () => {
    const allow = [...unrelated('allow'), rule('git status', 'allow'), rule('ls *', 'allow')];
    expect(await decide('git status && ls -la', allow, 'allow')).toEqual({ rules: [expect.objectContaining({ text: 'Bash(git status)' }), expect.objectContaining({ text: 'Bash(ls *)' })], parts: ['git status', 'ls -la'] });
    expect(await decide('git status && lsof', allow, 'allow')).toBeUndefined();
    expect(await decide('sudo ls', allow, 'allow')).toBeUndefined();
  });
});
