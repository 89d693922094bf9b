import { formatPermissionRule, parsePermissionRule } from '../../permissions/rules/parse-rule.ts';
import type { PermissionBehavior, PermissionUpdate } from '../../permissions/types.ts';
import type { PermissionRequestOutput } from '../types.ts';

const BEHAVIORS: readonly unknown[] = ['allow', 'deny', 'ask'] satisfies PermissionBehavior[];

/**
 * Maps a PermissionRequest command hook's JSON to codev's answer: `hookSpecificOutput.decision` is
 * `{ behavior: 'allow', updatedInput?, updatedPermissions? }` or `{ behavior: 'deny', message?, interrupt? }`;
 * `continue: false` denies and ends the turn, whatever the decision. `updatedPermissions` take Claude
 * Code's shape (`addRules` with `{ toolName, ruleContent }` rules; destination `localSettings` or
 * `session`, any other is kept for the session only). Fields of the wrong type are reported and ignored.
 */
export function mapPermissionRequestOutput(options: { json: Record<string, unknown>; specific: Record<string, unknown>; problems: string[] }): PermissionRequestOutput {
  const { json, specific, problems } = options;
  if (json.continue === false) {
    const message = typeof json.stopReason === 'string' && json.stopReason.trim() !== '' ? json.stopReason : 'stopped by hook';
    return { decision: { behavior: 'deny', message, interrupt: true } };
  }
  const decision = specific.decision;
  if (decision === undefined) return {};
  if (!isRecord(decision) || (decision.behavior !== 'allow' && decision.behavior !== 'deny')) {
    problems.push('hookSpecificOutput.decision must be { behavior: "allow" } or { behavior: "deny" }; ignored');
    return {};
  }
  if (decision.behavior === 'deny') {
    const message = typeof decision.message === 'string' ? decision.message : undefined;
    if (decision.message !== undefined && message === undefined) problems.push('hookSpecificOutput.decision.message must be a string; ignored');
    return { decision: { behavior: 'deny', ...(message !== undefined && { message }), ...(decision.interrupt === true && { interrupt: true }) } };
  }
  const allow: Extract<NonNullable<PermissionRequestOutput['decision']>, { behavior: 'allow' }> = { behavior: 'allow' };
  if (isRecord(decision.updatedInput)) allow.updatedInput = decision.updatedInput;
  else if (decision.updatedInput !== undefined) problems.push('hookSpecificOutput.decision.updatedInput must be an object; ignored');
  if (Array.isArray(decision.updatedPermissions)) {
    const updates = decision.updatedPermissions.flatMap((update, index) => toPermissionUpdate(update, `hookSpecificOutput.decision.updatedPermissions[${index}]`, problems));
    if (updates.length > 0) allow.updatedPermissions = updates;
  } else if (decision.updatedPermissions !== undefined) problems.push('hookSpecificOutput.decision.updatedPermissions must be a list; ignored');
  return { decision: allow };
}

function toPermissionUpdate(update: unknown, field: string, problems: string[]): PermissionUpdate[] {
  if (!isRecord(update) || update.type !== 'addRules' || !BEHAVIORS.includes(update.behavior) || !Array.isArray(update.rules)) {
    problems.push(`${field} is not supported (use { type: "addRules", rules, behavior, destination }); ignored`);
    return [];
  }
  const rules: string[] = [];
  for (const rule of update.rules) {
    const text = toRuleString(rule);
    if (text === undefined) problems.push(`${field} has an invalid rule ${JSON.stringify(rule)}; ignored`);
    else rules.push(text);
  }
  const destination = update.destination === 'localSettings' || update.destination === 'local' ? 'local' : 'session';
  if (destination === 'session' && update.destination !== 'session') problems.push(`${field}.destination ${JSON.stringify(update.destination)} is not supported (use localSettings or session); kept for this session only`);
  return rules.length === 0 ? [] : [{ type: 'addRules', behavior: update.behavior as PermissionBehavior, rules, destination }];
}

/** A rule as codev writes it, from a rule string or Claude Code's `{ toolName, ruleContent? }`; undefined when invalid. */
function toRuleString(rule: unknown): string | undefined {
  const written = typeof rule === 'string' ? rule : isRecord(rule) && typeof rule.toolName === 'string' && (rule.ruleContent === undefined || typeof rule.ruleContent === 'string')
    ? formatPermissionRule({ toolName: rule.toolName, ...(rule.ruleContent !== undefined && { ruleContent: rule.ruleContent }) })
    : undefined;
  if (written === undefined) return undefined;
  try {
    return formatPermissionRule(parsePermissionRule(written));
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
