import type { z } from 'zod';
import { describeValue } from './describe-value.ts';
import { suggestKey } from '../errors/suggest-key.ts';

/** One config problem: the dotted field and what was expected there. */
export interface ConfigIssue {
  /** e.g. `permissions.allow[2]`; `(root)` for the config as a whole. */
  field: string;
  /** e.g. `expected one of default, plan; got "yolo"`. */
  problem: string;
}

type Issue = z.core.$ZodIssue;
type PathSegment = PropertyKey;

/**
 * Turns zod issues (parsed with `reportInput: true`) into `field: what was expected; got what` lines.
 * A union failure is reported through its closest branch, so `mcpServers.x.command` says what is wrong
 * instead of "Invalid input". Unknown keys name the key probably meant (`pluginDir` → `pluginDirs`) and list the
 * keys that are allowed there.
 */
export function formatConfigIssues(options: { issues: readonly Issue[]; schema: z.ZodType }): ConfigIssue[] {
  return options.issues.flatMap((issue) => formatIssue(issue, [], options.schema));
}

function formatIssue(issue: Issue, prefix: readonly PathSegment[], schema: unknown): ConfigIssue[] {
  const path = [...prefix, ...issue.path];
  const input = (issue as { input?: unknown }).input;
  switch (issue.code) {
    case 'invalid_union': {
      const branches = definitionOf(schemaAt(schema, issue.path))?.options ?? [];
      // A branch that refused the value's very type (`expected string` for an object) is the farthest: among the
      // others, the one with the fewest problems.
      const farthest = (errors: readonly Issue[]) => (errors.some((nested) => nested.code === 'invalid_type' && nested.path.length === 0) ? 1 : 0);
      const ranked = issue.errors
        .map((errors, index) => ({ errors, branch: branches[index] }))
        .sort((left, right) => farthest(left.errors) - farthest(right.errors) || left.errors.length - right.errors.length);
      const closest = ranked[0];
      if (!closest || closest.errors.length === 0) break;
      return closest.errors.flatMap((nested) => formatIssue(nested, path, closest.branch));
    }
    case 'unrecognized_keys': {
      const shape = closestObjectShape(schemaAt(schema, issue.path), input);
      const expected = shape ? `expected one of the keys ${Object.keys(shape).join(', ')}` : 'no other keys are allowed here';
      return issue.keys.map((key) => {
        const suggestion = shape ? suggestKey({ key, candidates: Object.keys(shape) }) : undefined;
        return { field: formatPath([...path, key]), problem: `unknown key; ${suggestion ? `did you mean "${suggestion}"? ` : ''}${expected}` };
      });
    }
    case 'invalid_type':
      if (input === undefined) return [{ field: formatPath(path), problem: `required: expected ${issue.expected}` }];
      return [{ field: formatPath(path), problem: `expected ${issue.expected}; got ${formatReceived(input)}` }];
    case 'invalid_value':
      return [{ field: formatPath(path), problem: `expected one of ${issue.values.map(String).join(', ')}; got ${formatReceived(input)}` }];
    case 'too_small':
    case 'too_big': {
      const bound = issue.code === 'too_small' ? issue.minimum : issue.maximum;
      const sign = issue.code === 'too_small' ? (issue.inclusive ? '>=' : '>') : issue.inclusive ? '<=' : '<';
      const sized = issue.origin === 'string' || issue.origin === 'array';
      const what = sized ? `${issue.origin} with length ${sign} ${String(bound)}` : `${issue.origin} ${sign} ${String(bound)}`;
      return [{ field: formatPath(path), problem: `expected a ${what}; got ${formatReceived(input)}` }];
    }
    default:
      break;
  }
  const received = input === undefined ? '' : `; got ${formatReceived(input)}`;
  return [{ field: formatPath(path), problem: `${issue.message}${received}` }];
}

/** `['permissions', 'allow', 2]` → `permissions.allow[2]`. */
export function formatPath(path: readonly PathSegment[]): string {
  if (path.length === 0) return '(root)';
  return path
    .map((segment, index) => {
      if (typeof segment === 'number') return `[${segment}]`;
      const text = String(segment);
      if (/^[A-Za-z_$][\w$]*$/.test(text)) return index === 0 ? text : `.${text}`;
      return `[${JSON.stringify(text)}]`;
    })
    .join('');
}

function formatReceived(input: unknown): string {
  if (typeof input === 'string') return JSON.stringify(input);
  if (typeof input === 'number' || typeof input === 'boolean') return String(input);
  return describeValue(input);
}

interface SchemaDefinition {
  type?: string;
  innerType?: unknown;
  element?: unknown;
  valueType?: unknown;
  options?: readonly unknown[];
  shape?: Record<string, unknown>;
}

/** The zod 4 definition of a schema, looking through optional, default and prefault wrappers. */
function definitionOf(schema: unknown): SchemaDefinition | undefined {
  let definition = (schema as { def?: SchemaDefinition } | undefined)?.def;
  while (definition?.innerType !== undefined && ['optional', 'default', 'prefault', 'nullable', 'readonly'].includes(definition.type ?? '')) {
    definition = (definition.innerType as { def?: SchemaDefinition }).def;
  }
  return definition;
}

/** The object shape at a schema; for a union, the object option sharing the most keys with `input`. */
function closestObjectShape(schema: unknown, input: unknown): Record<string, unknown> | undefined {
  const definition = definitionOf(schema);
  if (definition?.type !== 'union') return definition?.shape;
  const keys = typeof input === 'object' && input !== null ? Object.keys(input) : [];
  const shapes = (definition.options ?? []).map((option) => definitionOf(option)?.shape).filter((shape) => shape !== undefined);
  const overlap = (shape: Record<string, unknown>) => keys.filter((key) => key in shape).length;
  return shapes.sort((left, right) => overlap(right) - overlap(left))[0];
}

/** The schema that validates the value at `path` below `schema`, or undefined when it cannot be told. */
function schemaAt(schema: unknown, path: readonly PathSegment[]): unknown {
  let current = schema;
  for (const [index, segment] of path.entries()) {
    const definition = definitionOf(current);
    if (definition?.type === 'object') current = definition.shape?.[String(segment)];
    else if (definition?.type === 'array') current = definition.element;
    else if (definition?.type === 'record') current = definition.valueType;
    else if (definition?.type === 'union') return unionSchemaAt(definition.options ?? [], path.slice(index));
    else return undefined;
  }
  return current;
}

/** Below a union (the config's `model`: an id or settings), the first option that has a schema at `path`. */
function unionSchemaAt(options: readonly unknown[], path: readonly PathSegment[]): unknown {
  for (const option of options) {
    const found = schemaAt(option, path);
    if (found !== undefined) return found;
  }
  return undefined;
}
