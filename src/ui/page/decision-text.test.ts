import { describe, expect, it } from 'vitest';
import { decisionText } from './decision-text.ts';

describe('decisionText', () => {
  it('names the rule, the hook, the mode and the user as the page shows them', () => {
    expect(decisionText({ behavior: 'allow', source: 'config', reason: 'rule', rule: 'Bash(ls:*)' })).toBe('allowed by rule Bash(ls:*)');
    expect(decisionText({ behavior: 'deny', source: 'hook', reason: 'hook', hookName: 'guard.sh' })).toBe('denied by hook guard.sh');
    expect(decisionText({ behavior: 'allow', source: 'config', reason: 'mode' })).toBe('allowed by mode');
    expect(decisionText({ behavior: 'allow', source: 'user_temporary', reason: 'user' })).toBe('allowed by user (once)');
    expect(decisionText({ behavior: 'allow', source: 'user_permanent', reason: 'user' })).toBe('allowed by user (always)');
    expect(decisionText({ behavior: 'deny', source: 'user_reject', reason: 'user' })).toBe('denied by user');
  });

  it('falls back to the reason, then the source, for deciders it does not know', () => {
    expect(decisionText({ behavior: 'deny', source: 'config', reason: 'classifier' })).toBe('denied by classifier');
    expect(decisionText({ behavior: 'allow', source: 'sdk' })).toBe('allowed by sdk');
  });
});
