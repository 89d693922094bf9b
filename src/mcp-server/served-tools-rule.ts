import { definePermissionRule, type PermissionRuleSet } from '../permissions/define-permission-rule.ts';
import { isServedTool } from './served-tools.ts';
import type { CreateMcpServerOptions } from './types.ts';

const rules = new WeakMap<CreateMcpServerOptions, PermissionRuleSet>();
const lists = new WeakMap<readonly PermissionRuleSet[], WeakMap<CreateMcpServerOptions, readonly PermissionRuleSet[]>>();

/** A generation's rule sets with `servedToolsRule` added: one array per generation and server, not one per call. */
export function withServedToolsRule(ruleSets: readonly PermissionRuleSet[], options: CreateMcpServerOptions): readonly PermissionRuleSet[] {
  let byOptions = lists.get(ruleSets);
  if (!byOptions) lists.set(ruleSets, (byOptions = new WeakMap()));
  let list = byOptions.get(options);
  if (!list) byOptions.set(options, (list = Object.freeze([...ruleSets, servedToolsRule(options)])));
  return list;
}

/**
 * A rule set that denies every tool the server does not serve. The server finds only served tools by
 * name; this holds for the calls a served tool makes itself (REPL's functions, an Agent's subagent), which
 * inherit the call's rule sets, so `tools` and the agent-only tools left out by default are no way around.
 * One per server options, made once.
 */
export function servedToolsRule(options: CreateMcpServerOptions): PermissionRuleSet {
  let rule = rules.get(options);
  if (!rule) {
    const { tools } = options;
    rule = definePermissionRule({ name: 'only the tools the MCP server serves', check: (tool) => (isServedTool(tool, tools) ? undefined : 'deny') });
    rules.set(options, rule);
  }
  return rule;
}
