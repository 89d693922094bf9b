import { errorMessage } from '../errors/codev-error.ts';
import type { ToolContext } from '../tool/types.ts';
import type { CollectedRules } from './collect-rules.ts';
import type { PermissionRuleSet } from './define-permission-rule.ts';
import { findCoveringAllowRules, findMatchingRule } from './match-rules.ts';
import { isInWorkingDirectories } from './path-containment.ts';
import type { PreparedCall } from './prepare-call.ts';
import { protectedPathReason } from './protected-paths.ts';
import type { DecisionSource, PermissionDecisionReason, PermissionMode, PermissionRule } from './types.ts';

/** The engine's verdict before asks are resolved. `immune` asks are never settled by a mode or a classifier. */
export type Verdict =
  | { behavior: 'allow'; source: DecisionSource; reason: PermissionDecisionReason; rule?: PermissionRule; input?: Record<string, unknown> }
  | { behavior: 'deny'; source: DecisionSource; reason: PermissionDecisionReason; message: string; rule?: PermissionRule }
  | { behavior: 'ask'; reason: PermissionDecisionReason; message: string; immune: boolean; rule?: PermissionRule };

/**
 * Decides a prepared call from rules, hooks, rule functions, the tool's own check, path safety and the mode.
 * Order (first that applies wins):
 *  1. a hook's deny; 2. deny rules; 3. rule functions' deny; 4. the tool's `checkPermissions` deny;
 *  5. immune asks: ask rules, a hook's ask, rule functions' ask, the tool's own safety checks, writes to
 *     protected paths;
 *  6. bypassPermissions mode allows; 7. a hook's allow; 8. allow rules covering the whole call
 *     (in plan mode only for read-only calls); 9. rule functions' allow;
 *  10. the tool's ask; 11. path policy: reads outside the working directories ask; writes ask unless
 *      acceptEdits and inside them; 12. plan mode asks for anything not read-only;
 *  13. the tool's allow allows; its passthrough asks.
 */
export async function evaluatePermission(options: {
  call: PreparedCall;
  rules: CollectedRules;
  ruleSets: readonly PermissionRuleSet[];
  mode: PermissionMode;
  hookDecision?: { behavior: 'allow' | 'deny' | 'ask'; hookName: string; reason?: string };
  context: ToolContext;
  workingDirectories: readonly string[];
  pluginDirectories: readonly string[];
  /** The project's skill folders (`<cwd>/skills`, `<project root>/skills`): writes there always ask. */
  skillDirectories?: readonly string[];
  /** The files the hooks run or read (`ToolHook.protectedFiles`): writes to them always ask. */
  hookFiles?: readonly string[];
}): Promise<Verdict> {
  const { call, rules, mode, hookDecision, context } = options;
  const toolName = call.tool.name;
  if (hookDecision?.behavior === 'deny') {
    const message = `Hook '${hookDecision.hookName}' blocked this action: ${hookDecision.reason ?? 'no reason given'}`;
    return { behavior: 'deny', source: 'hook', message, reason: { type: 'hook', hookName: hookDecision.hookName, reason: hookDecision.reason } };
  }
  const denyRule = findMatchingRule(call, rules.deny, 'deny');
  if (denyRule) {
    return { behavior: 'deny', source: 'config', rule: denyRule, reason: { type: 'rule', rule: denyRule }, message: `Permission to use ${toolName} has been denied by the rule '${denyRule.text}' from ${denyRule.source} settings.` };
  }
  const functionAnswers = await runRuleFunctions(options.ruleSets, call, context);
  const functionDeny = functionAnswers.find((answer) => answer.answer === 'deny');
  if (functionDeny) {
    return { behavior: 'deny', source: 'config', reason: { type: 'ruleFunction', name: functionDeny.name }, message: `Permission to use ${toolName} has been denied by the rule '${functionDeny.name}'.` };
  }
  const own = await call.tool.checkPermissions(call.input, context);
  if (own.behavior === 'deny') return { behavior: 'deny', source: 'config', reason: own.decisionReason ?? { type: 'tool', reason: own.message }, message: own.message };
  const input = own.behavior === 'allow' && own.updatedInput ? (own.updatedInput as Record<string, unknown>) : call.input;

  const askRule = findMatchingRule(call, rules.ask, 'ask');
  if (askRule) {
    return { behavior: 'ask', immune: true, rule: askRule, reason: { type: 'rule', rule: askRule }, message: `Permission rule '${askRule.text}' from ${askRule.source} settings requires approval for this ${toolName} call.` };
  }
  if (hookDecision?.behavior === 'ask') {
    return { behavior: 'ask', immune: true, reason: { type: 'hook', hookName: hookDecision.hookName, reason: hookDecision.reason }, message: `Hook '${hookDecision.hookName}' asks for approval: ${hookDecision.reason ?? 'no reason given'}` };
  }
  const functionAsk = functionAnswers.find((answer) => answer.answer === 'ask');
  if (functionAsk) return { behavior: 'ask', immune: true, reason: { type: 'ruleFunction', name: functionAsk.name }, message: `The rule '${functionAsk.name}' requires approval for this ${toolName} call.` };
  // A tool's own safety check (e.g. Bash outside the sandbox) is its own permission: rules and modes cannot grant it.
  if (own.behavior === 'ask' && own.decisionReason?.type === 'safetyCheck') return { behavior: 'ask', immune: true, reason: own.decisionReason, message: own.message };
  const safety = call.paths.filter((entry) => entry.access === 'write').flatMap((entry) => [entry.variants.lexical, entry.variants.real]).map((target) => protectedPathReason({ target, pluginDirectories: options.pluginDirectories, skillDirectories: options.skillDirectories, hookFiles: options.hookFiles })).find(Boolean);
  if (safety) return { behavior: 'ask', immune: true, reason: { type: 'safetyCheck', reason: safety }, message: `${safety}. Writing there always needs approval.` };

  if (mode === 'bypassPermissions') return { behavior: 'allow', source: 'config', reason: { type: 'mode', mode }, input };
  if (hookDecision?.behavior === 'allow') return { behavior: 'allow', source: 'hook', reason: { type: 'hook', hookName: hookDecision.hookName, reason: hookDecision.reason }, input };
  const readOnly = safeReadOnly(call);
  const covering = findCoveringAllowRules(call, rules.allow);
  if (covering && (mode !== 'plan' || readOnly)) return { behavior: 'allow', source: 'config', rule: covering[0], reason: { type: 'rule', rule: covering[0]! }, input };
  const functionAllow = functionAnswers.find((answer) => answer.answer === 'allow');
  if (functionAllow && (mode !== 'plan' || readOnly)) return { behavior: 'allow', source: 'config', reason: { type: 'ruleFunction', name: functionAllow.name }, input };

  if (own.behavior === 'ask') return { behavior: 'ask', immune: false, reason: own.decisionReason ?? { type: 'tool', reason: own.message }, message: own.message };
  const pathVerdict = checkPaths(call, mode, options.workingDirectories);
  if (pathVerdict) return pathVerdict;
  if (mode === 'plan' && !readOnly) return { behavior: 'ask', immune: false, reason: { type: 'mode', mode }, message: `Current permission mode (plan) requires approval for ${toolName}, which may change things.` };
  if (own.behavior === 'allow') return { behavior: 'allow', source: 'config', reason: own.decisionReason ?? { type: 'tool', reason: 'the tool allows this call' }, input };
  return { behavior: 'ask', immune: false, reason: own.decisionReason ?? { type: 'other', reason: 'no rule allows this call' }, message: own.message ?? `codev requested permission to use ${toolName}, but you haven't granted it yet.` };
}

function checkPaths(call: PreparedCall, mode: PermissionMode, workingDirectories: readonly string[]): Verdict | undefined {
  const outside = (entry: PreparedCall['paths'][number]) => !isInWorkingDirectories(entry.variants.lexical, workingDirectories) || !isInWorkingDirectories(entry.variants.real, workingDirectories);
  if (call.unresolvedWrites.length > 0) {
    return { behavior: 'ask', immune: false, reason: { type: 'other', reason: 'unresolved redirect' }, message: `This ${call.tool.name} call writes to a file whose name is only known at run time (${call.unresolvedWrites.join(', ')}).` };
  }
  for (const entry of call.paths) {
    if (entry.origin === 'command') continue;
    if (entry.access === 'read' && outside(entry)) {
      return { behavior: 'ask', immune: false, reason: { type: 'workingDirectory', path: entry.variants.real }, message: `${call.tool.name} wants to read ${entry.path}, which is outside the working directories.` };
    }
    if (entry.access === 'write' && (mode !== 'acceptEdits' || outside(entry))) {
      const where = outside(entry) ? ', which is outside the working directories' : '';
      return { behavior: 'ask', immune: false, reason: outside(entry) ? { type: 'workingDirectory', path: entry.variants.real } : { type: 'mode', mode }, message: `${call.tool.name} wants to write ${entry.path}${where}.` };
    }
  }
  return undefined;
}

function safeReadOnly(call: PreparedCall): boolean {
  try {
    return call.tool.isReadOnly(call.input);
  } catch {
    return false;
  }
}

async function runRuleFunctions(ruleSets: readonly PermissionRuleSet[], call: PreparedCall, context: ToolContext) {
  const answers: { name: string; answer: 'allow' | 'deny' | 'ask' }[] = [];
  for (const set of ruleSets) {
    if (!set.check) continue;
    try {
      const answer = await set.check(call.tool, call.input, context);
      if (answer === 'allow' || answer === 'deny' || answer === 'ask') answers.push({ name: set.name, answer });
      else if (answer !== undefined) answers.push({ name: set.name, answer: 'ask' });
    } catch (error) {
      // A rule that cannot answer must not silently allow: treat its failure as a request for approval.
      answers.push({ name: `${set.name} (failed: ${errorMessage(error)})`, answer: 'ask' });
    }
  }
  return answers;
}
