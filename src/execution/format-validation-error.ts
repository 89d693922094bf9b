import type { z } from 'zod';

const MAX_LISTED_ISSUES = 8;

/**
 * Turns zod issues into lines a model can act on, one per bad parameter:
 * "The required parameter `x` is missing", "The parameter `y` type is expected as `string` but provided as
 * `number`", "An unexpected parameter `z` was provided", "The parameter `p` is invalid: …".
 */
export function formatValidationError(toolName: string, issues: readonly z.core.$ZodIssue[]): string {
  const lines = issues.flatMap(describeIssue);
  const listed = lines.slice(0, MAX_LISTED_ISSUES);
  if (lines.length > listed.length) listed.push(`(${lines.length - listed.length} more parameters not listed)`);
  return `${toolName} failed due to the following issue(s):\n${listed.join('\n')}`;
}

function describeIssue(issue: z.core.$ZodIssue): string[] {
  const name = formatPath(issue.path);
  // An issue at the root (the input is an array, a string, null...) has no parameter to name: it is the input's.
  const subject = name === '' ? 'The input' : `The parameter \`${name}\``;
  switch (issue.code) {
    case 'invalid_type':
      if (!('input' in issue) || issue.input === undefined) return [name === '' ? 'The input is missing' : `The required parameter \`${name}\` is missing`];
      return [`${subject} type is expected as \`${issue.expected}\` but provided as \`${typeName(issue.input)}\``];
    case 'unrecognized_keys':
      return issue.keys.map((key) => `An unexpected parameter \`${formatPath([...issue.path, key])}\` was provided`);
    case 'invalid_value':
      return [`${subject} is invalid: expected one of ${issue.values.map((value) => JSON.stringify(value)).join(', ')}`];
    default:
      return [`${subject} is invalid: ${issue.message}`];
  }
}

function formatPath(path: readonly PropertyKey[]): string {
  return path.map((segment) => (typeof segment === 'number' ? `[${segment}]` : String(segment))).join('.').replace(/\.\[/g, '[');
}

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}
