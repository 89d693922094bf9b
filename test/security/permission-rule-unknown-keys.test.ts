import { expect, it } from 'vitest';
import { definePermissionRule } from '../../src/permissions/define-permission-rule.ts';

// A rule set with a misspelt list (`denied`, `Deny`, `rules`) denied nothing and said nothing: the user
// believed a deny rule was in force. Every key is read or refused.
for (const key of ['denied', 'Deny', 'rules', 'allowed', 'permissions', 'checks']) {
  it(`definePermissionRule({ ${key}: [...] }) is RULE_INVALID naming the field`, () => {
    let caught: unknown;
    try {
      definePermissionRule({ [key]: ['Bash(rm *)'] } as never);
    } catch (error) {
      caught = error;
    }
    expect(caught).toMatchObject({ code: 'RULE_INVALID', field: key });
  });
}

it('the keys definePermissionRule reads are accepted', () => {
  const set = definePermissionRule({ name: 'n', allow: ['Read'], deny: ['Bash(rm *)'], ask: ['Write'], check: () => undefined });
  expect(set.deny).toEqual(['Bash(rm *)']);
});
