import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { collectRules } from '../permissions/collect-rules.ts';
import { addRulesToContext, createPermissionContext } from '../permissions/create-permission-context.ts';
import { matchesToolName } from '../permissions/rules/match-tool-name.ts';
import { buildTool } from '../tool/build-tool.ts';
import type { Tool } from '../tool/types.ts';
import { assembleToolPool } from './assemble-tool-pool.ts';
import { getBlanketDenyIndex } from './blanket-deny-index.ts';

const RULES = [
  'Bash', 'Bash(*)', 'Read()', 'Task', 'KillShell', ' Grep ', 'Write(rm *)', 'mcp__github', 'mcp__git', 'mcp__my_server',
  'mcp__a__b', 'mcp__github__*', 'mcp__slack__post_*', 'mcp__*', 'mcp__*__read', 'B*h', '*Output', '*', 'a*b*c', 'mcp__x__y*',
  'mcp__', 'mcp____x', 'mcp__s__t__*', '**', 'mcp__y__*_*',
];
const TOOLS = [
  'Bash', 'BashOutput', 'Read', 'Agent', 'Task', 'TaskStop', 'Grep', 'Write', 'mcp__github', 'mcp__github__create_issue',
  'mcp__github_enterprise__x', 'mcp__git__x', 'mcp__my_server__tool', 'mcp__a__b', 'mcp__a__b__c', 'mcp__slack__post_message',
  'mcp__slack__read', 'mcp__x__*', 'mcp__x__y', 'abc', 'aXbYc', 'acb', 'mcp__s__t__u', 'mcp__s__t', 'mcp__y__a_b', 'mcp__y__ab', '', 'Bh',
];

/** What the filter did before the index: every blanket rule's `matchesToolName`, per tool. */
const reference = (rules: readonly string[], name: string) =>
  collectRules(createPermissionContext({ deny: { project: rules } }))
    .deny.filter((rule) => rule.value.ruleContent === undefined)
    .some((rule) => matchesToolName(rule.value.toolName, { name }));

const make = (name: string) => buildTool({ name, description: name, inputSchema: z.object({}), call: () => ({ data: name }) });
const names = (tools: readonly Tool[]) => tools.map((tool) => tool.name);

describe('getBlanketDenyIndex', () => {
  it('removes exactly the tools the blanket rules name, rule by rule', () => {
    for (const rule of RULES) {
      const index = getBlanketDenyIndex(createPermissionContext({ deny: { project: [rule] } }));
      for (const name of TOOLS) expect([rule, name, index?.denies(name) ?? false]).toEqual([rule, name, reference([rule], name)]);
    }
  });

  it('answers the same for all the rules together', () => {
    const rules = RULES.filter((rule) => rule !== '*' && rule !== '**' && rule !== 'mcp__*');
    const index = getBlanketDenyIndex(createPermissionContext({ deny: { policy: rules } }))!;
    expect(TOOLS.filter((name) => index.denies(name))).toEqual(TOOLS.filter((name) => reference(rules, name)));
  });

  it('is undefined without blanket deny rules (scoped ones keep their tools)', () => {
    expect(getBlanketDenyIndex(createPermissionContext())).toBeUndefined();
    expect(getBlanketDenyIndex(createPermissionContext({ deny: { project: ['Bash(rm *)', 'mcp__s__t(x:*)'] } }))).toBeUndefined();
  });

  it('is built once per context, and a context with other rules gets its own', () => {
    const context = createPermissionContext({ deny: { project: ['mcp__one'] } });
    expect(getBlanketDenyIndex(context)).toBe(getBlanketDenyIndex(context));
    const tools = [make('mcp__one__a'), make('mcp__two__b'), make('mcp__three__c')];
    expect(names(assembleToolPool(context, tools))).toEqual(['mcp__three__c', 'mcp__two__b']);
    const more = addRulesToContext({ context, behavior: 'deny', source: 'session', rules: ['mcp__two__*'] });
    expect(getBlanketDenyIndex(more)).not.toBe(getBlanketDenyIndex(context));
    expect(names(assembleToolPool(more, tools))).toEqual(['mcp__three__c']);
    expect(names(assembleToolPool(context, tools))).toEqual(['mcp__three__c', 'mcp__two__b']);
  });
});

describe('assembleToolPool deduplication', () => {
  it('keeps the first enabled tool of each name, in input order, after the built-ins', () => {
    const first = make('x');
    const second = make('x');
    const off = buildTool({ name: 'y', description: 'y', inputSchema: z.object({}), isEnabled: () => false, call: () => ({ data: 0 }) });
    const on = make('y');
    const pool = assembleToolPool(createPermissionContext(), [make('z'), first, off, second, make('Read'), on, make('x')], { baseTools: [make('Read')], env: {} });
    expect(names(pool)).toEqual(['Read', 'x', 'y', 'z']);
    expect(pool[1]).toBe(first);
    expect(pool[2]).toBe(on);
  });
});
