import { definePermissionRule, type PermissionRuleSet } from '../permissions/define-permission-rule.ts';
import { isServedTool } from './served-tools.ts';
import type { CreateMcpServerOptions } from './types.ts';

const rules = new WeakMap<CreateMcpServerOptions, PermissionRuleSet>();

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
