import { describe, expect, it } from 'vitest';
import { CodevError } from '../../errors/codev-error.ts';
import { formatPermissionRule, parsePermissionRule } from './parse-rule.ts';

function errorOf(action: () => unknown): CodevError {
  try {
    action();
  } catch (error) {
    if (CodevError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected a CodevError');
}

describe('parsePermissionRule', () => {
  it('parses bare tools and tools with content', () => {
    expect(parsePermissionRule('Bash')).toEqual({ toolName: 'Bash' });
    expect(parsePermissionRule('Bash(npm test)')).toEqual({ toolName: 'Bash', ruleContent: 'npm test' });
    expect(parsePermissionRule('  Read(src/**)  ')).toEqual({ toolName: 'Read', ruleContent: 'src/**' });
    expect(parsePermissionRule('mcp__github__get_*')).toEqual({ toolName: 'mcp__github__get_*' });
    expect(parsePermissionRule('WebFetch(domain:example.com)')).toEqual({ toolName: 'WebFetch', ruleContent: 'domain:example.com' });
  });

  it('turns empty and * content into a whole-tool rule', () => {
    expect(parsePermissionRule('Bash(*)')).toEqual({ toolName: 'Bash' });
    expect(parsePermissionRule('Bash()')).toEqual({ toolName: 'Bash' });
    expect(parsePermissionRule('Bash( * )')).toEqual({ toolName: 'Bash' });
    expect(parsePermissionRule('Bash(**)')).toEqual({ toolName: 'Bash', ruleContent: '**' });
    expect(parsePermissionRule('Bash(\\*)')).toEqual({ toolName: 'Bash', ruleContent: '\\*' });
  });

  it('unescapes \\( \\) and \\\\', () => {
    expect(parsePermissionRule('Bash(echo \\(hi\\))')).toEqual({ toolName: 'Bash', ruleContent: 'echo (hi)' });
    expect(parsePermissionRule('Bash(a\\\\)')).toEqual({ toolName: 'Bash', ruleContent: 'a\\' });
    expect(parsePermissionRule('Bash(a\\b)')).toEqual({ toolName: 'Bash', ruleContent: 'a\\b' });
  });

  it('takes content from the first ( to the last )', () => {
    expect(parsePermissionRule('Bash(echo (a) (b))')).toEqual({ toolName: 'Bash', ruleContent: 'echo (a) (b)' });
  });

  it('normalizes legacy tool names', () => {
    expect(parsePermissionRule('Task')).toEqual({ toolName: 'Agent' });
    expect(parsePermissionRule('Task(Explore)')).toEqual({ toolName: 'Agent', ruleContent: 'Explore' });
    expect(parsePermissionRule('KillShell')).toEqual({ toolName: 'TaskStop' });
  });

  it('rejects malformed rules with RULE_INVALID', () => {
    const malformed = ['', '   ', 'Bash(', '(x)', 'Bash(x)y', 'Bash)', 'Bash(x\\)', 'Ba sh', 'Bash x(y)', 'Bash.Tool(x)', ')('];
    for (const text of malformed) expect(errorOf(() => parsePermissionRule(text)).code, text).toBe('RULE_INVALID');
  });

  it('rejects non-strings with RULE_INVALID', () => {
    expect(errorOf(() => parsePermissionRule(undefined as unknown as string)).code).toBe('RULE_INVALID');
    expect(errorOf(() => parsePermissionRule(42 as unknown as string)).code).toBe('RULE_INVALID');
  });

  it('names the rule in the error field', () => {
    expect(errorOf(() => parsePermissionRule('Bash(x)y')).field).toBe('Bash(x)y');
  });
});

describe('formatPermissionRule', () => {
  it('round-trips through the parser, escaping parentheses and backslashes', () => {
    const values = [
      { toolName: 'Bash' },
      { toolName: 'Bash', ruleContent: 'echo (hi)' },
      { toolName: 'Bash', ruleContent: 'a\\' },
      { toolName: 'Read', ruleContent: '//tmp/\\*.txt' },
      { toolName: 'Bash', ruleContent: ' padded ' },
    ];
    for (const value of values) expect(parsePermissionRule(formatPermissionRule(value))).toEqual(value);
  });
});
