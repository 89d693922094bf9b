import { CodevError } from '../../errors/codev-error.ts';
import type { PermissionRuleValue } from '../types.ts';
import { normalizeToolName } from './legacy-tool-names.ts';

const TOOL_NAME = /^[A-Za-z0-9_*-]+$/;

/**
 * Parses a rule string: `Tool` or `Tool(content)`. The content runs from the first unescaped `(` to the last
 * unescaped `)`, which must end the string; `\(`, `\)` and `\\` are unescaped; empty or `*` content is a
 * whole-tool rule; legacy tool names are normalized (`Task` → `Agent`).
 * Throws `RULE_INVALID` with what is wrong and how to write it.
 */
export function parsePermissionRule(text: string): PermissionRuleValue {
  if (typeof text !== 'string' || text.trim() === '') {
    throw invalid(String(text), 'a rule must be a non-empty string', 'write e.g. "Bash(npm test)" or "Read"');
  }
  const rule = text.trim();
  const open = findUnescaped(rule, '(', 'first');
  if (open === -1) {
    if (findUnescaped(rule, ')', 'first') !== -1) throw invalid(rule, 'unbalanced ")"', 'write Tool(content)');
    return checkName(rule, rule);
  }
  const close = findUnescaped(rule, ')', 'last');
  if (close !== rule.length - 1 || close < open) {
    throw invalid(rule, 'the rule content must end with ")" as the last character', 'write Tool(content)');
  }
  const value = checkName(rule.slice(0, open).trim(), rule);
  const content = unescape(rule.slice(open + 1, close));
  if (content.trim() === '' || content.trim() === '*') return value;
  return { toolName: value.toolName, ruleContent: content };
}

/** Formats a rule value back into a rule string, escaping parentheses in the content. */
export function formatPermissionRule(value: PermissionRuleValue): string {
  if (value.ruleContent === undefined) return value.toolName;
  return `${value.toolName}(${value.ruleContent.replace(/[\\()]/g, (character) => `\\${character}`)})`;
}

function checkName(name: string, rule: string): PermissionRuleValue {
  if (!TOOL_NAME.test(name)) {
    throw invalid(rule, `"${name}" is not a tool name`, 'start the rule with a tool name such as Bash, Read, Edit or mcp__server__tool');
  }
  return { toolName: normalizeToolName(name) };
}

function findUnescaped(text: string, character: string, which: 'first' | 'last'): number {
  let found = -1;
  for (let index = 0; index < text.length; index++) {
    if (text[index] === '\\') {
      index++;
      continue;
    }
    if (text[index] === character) {
      if (which === 'first') return index;
      found = index;
    }
  }
  return found;
}

function unescape(content: string): string {
  return content.replace(/\\([\\()])/g, '$1');
}

function invalid(rule: string, message: string, hint: string): CodevError {
  return new CodevError('RULE_INVALID', `Invalid permission rule "${rule}": ${message}`, { field: rule, hint });
}
