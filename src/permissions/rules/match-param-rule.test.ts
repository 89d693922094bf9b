import { describe, expect, it } from 'vitest';
import { appliesAsParamRule, matchParamRule, parseParamRule, validateParamRule } from './match-param-rule.ts';

describe('parseParamRule', () => {
  it('recognises identifier:value', () => {
    expect(parseParamRule('model:opus')).toEqual({ param: 'model', value: 'opus' });
    expect(parseParamRule('run_in_background:true')).toEqual({ param: 'run_in_background', value: 'true' });
    expect(parseParamRule('model: opus ')).toEqual({ param: 'model', value: 'opus' });
    expect(parseParamRule('url:https://x.com/a:b')).toEqual({ param: 'url', value: 'https://x.com/a:b' });
  });

  it('rejects anything else', () => {
    for (const content of ['opus', 'model:', 'model:  ', ':x', '9lives:x', 'my-plugin:agent', 'a b:c', 'git commit']) {
      expect(parseParamRule(content), content).toBeUndefined();
    }
  });
});

describe('matchParamRule', () => {
  it('compares scalar values as strings', () => {
    expect(matchParamRule('model:opus', { model: 'opus' })).toBe(true);
    expect(matchParamRule('model:opus', { model: 'sonnet' })).toBe(false);
    expect(matchParamRule('run_in_background:true', { run_in_background: true })).toBe(true);
    expect(matchParamRule('run_in_background:true', { run_in_background: false })).toBe(false);
    expect(matchParamRule('timeout:5', { timeout: 5 })).toBe(true);
    expect(matchParamRule('timeout:5', { timeout: 50 })).toBe(false);
    expect(matchParamRule('model:Opus', { model: 'opus' })).toBe(false);
  });

  it('supports * inside the value, anchored', () => {
    expect(matchParamRule('model:*opus*', { model: 'claude-opus-4' })).toBe(true);
    expect(matchParamRule('model:opus*', { model: 'claude-opus-4' })).toBe(false);
    expect(matchParamRule('isolation:*', { isolation: 'worktree' })).toBe(true);
    expect(matchParamRule('isolation:*', { isolation: '' })).toBe(true);
    expect(matchParamRule('note:a\\*b', { note: 'a*b' })).toBe(true);
    expect(matchParamRule('note:a\\*b', { note: 'axb' })).toBe(false);
  });

  it('never matches unset, null or non-scalar params', () => {
    expect(matchParamRule('isolation:*', {})).toBe(false);
    expect(matchParamRule('isolation:*', { isolation: undefined })).toBe(false);
    expect(matchParamRule('isolation:*', { isolation: null })).toBe(false);
    expect(matchParamRule('tags:*', { tags: ['a'] })).toBe(false);
    expect(matchParamRule('options:*', { options: { a: 1 } })).toBe(false);
  });

  it('ignores inherited properties', () => {
    expect(matchParamRule('constructor:*', {})).toBe(false);
    expect(matchParamRule('toString:*', {})).toBe(false);
    expect(matchParamRule('__proto__:*', JSON.parse('{"__proto__": "x"}'))).toBe(true);
  });

  it('refuses primary content fields', () => {
    expect(matchParamRule('command:rm *', { command: 'rm -rf /' })).toBe(false);
    expect(matchParamRule('file_path:*', { file_path: '/etc/passwd' })).toBe(false);
    expect(matchParamRule('url:*', { url: 'https://x' })).toBe(false);
  });

  it('is not a regular expression', () => {
    expect(matchParamRule('model:o.us', { model: 'opus' })).toBe(false);
    expect(matchParamRule('model:(opus)', { model: '(opus)' })).toBe(true);
  });
});

describe('appliesAsParamRule', () => {
  it('never for Read, Edit and WebFetch', () => {
    expect(appliesAsParamRule({ toolName: 'WebFetch', ruleContent: 'domain:example.com' })).toBe(false);
    expect(appliesAsParamRule({ toolName: 'Read', ruleContent: 'c:foo' })).toBe(false);
    expect(appliesAsParamRule({ toolName: 'Edit', ruleContent: 'mode:x' })).toBe(false);
  });

  it('for command tools only with a known non-command field', () => {
    expect(appliesAsParamRule({ toolName: 'Bash', ruleContent: 'run_in_background:true' })).toBe(true);
    expect(appliesAsParamRule({ toolName: 'Bash', ruleContent: 'dangerouslyDisableSandbox:true' })).toBe(true);
    expect(appliesAsParamRule({ toolName: 'Bash', ruleContent: 'timeout:5' })).toBe(true);
    expect(appliesAsParamRule({ toolName: 'Bash', ruleContent: 'npm:*' })).toBe(false);
    expect(appliesAsParamRule({ toolName: 'Bash', ruleContent: 'command:rm *' })).toBe(false);
    expect(appliesAsParamRule({ toolName: 'PowerShell', ruleContent: 'git:*' })).toBe(false);
  });

  it('for other tools, restricted to input fields when they are given', () => {
    expect(appliesAsParamRule({ toolName: 'Agent', ruleContent: 'model:opus' })).toBe(true);
    expect(appliesAsParamRule({ toolName: 'Agent', ruleContent: 'model:opus', inputFields: ['model', 'prompt'] })).toBe(true);
    expect(appliesAsParamRule({ toolName: 'Agent', ruleContent: 'myplugin:reviewer', inputFields: ['model', 'prompt'] })).toBe(false);
    expect(appliesAsParamRule({ toolName: 'mcp__db__query', ruleContent: 'database:prod' })).toBe(true);
    expect(appliesAsParamRule({ toolName: 'Agent', ruleContent: 'Explore' })).toBe(false);
    expect(appliesAsParamRule({ toolName: 'NotebookEdit', ruleContent: 'notebook_path:*' })).toBe(false);
  });
});

describe('validateParamRule', () => {
  it('warns about primary content fields and allow rules', () => {
    for (const field of ['command', 'file_path', 'path', 'notebook_path', 'url']) {
      expect(validateParamRule(`${field}:*`, 'deny'), field).toEqual(expect.any(String));
    }
    expect(validateParamRule('model:opus', 'allow')).toEqual(expect.any(String));
  });

  it('accepts usable deny and ask rules and ignores non-param content', () => {
    expect(validateParamRule('model:opus', 'deny')).toBeUndefined();
    expect(validateParamRule('run_in_background:true', 'ask')).toBeUndefined();
    expect(validateParamRule('Explore', 'allow')).toBeUndefined();
  });
});
