import { PERMISSION_RULE_SOURCES, type ToolPermissionContext } from '../permissions/types.ts';
import type { Generation, GenerationDiff, NameDiff } from './types.ts';

const BEHAVIORS = [
  ['allow', 'alwaysAllowRules'],
  ['deny', 'alwaysDenyRules'],
  ['ask', 'alwaysAskRules'],
] as const;

/**
 * What changed from `previous` to `next` (see {@link GenerationDiff} for the naming). Entries are compared
 * by identity: an unchanged plugin keeps its objects across generations, a re-imported one does not.
 */
export function diffGenerations(previous: Generation, next: Generation, options: { definitions?: boolean } = {}): GenerationDiff {
  return {
    definitions: options.definitions === true,
    tools: diffEntries(previous.tools.map((tool) => [tool.name, tool]), next.tools.map((tool) => [tool.name, tool])),
    hooks: diffEntries(numbered(previous.hooks.map((hook) => [hook.name, hook])), numbered(next.hooks.map((hook) => [hook.name, hook]))),
    rules: diffRules(previous, next),
  };
}

/** True when nothing was added, removed or changed, and no definition file changed. */
export function isEmptyDiff(diff: GenerationDiff): boolean {
  return !diff.definitions && [diff.tools, diff.hooks, diff.rules].every((part) => part.added.length + part.removed.length + part.changed.length === 0);
}

function diffRules(previous: Generation, next: Generation): NameDiff {
  const entries = (generation: Generation): [string, unknown][] => [
    ...ruleStrings(generation.permissionContext).map((key): [string, unknown] => [key, key]),
    ...generation.permissionContext.additionalWorkingDirectories.map((directory): [string, unknown] => [`directory:${directory}`, directory]),
    ...numbered(generation.ruleSets.map((set) => [`set:${set.name}`, set])),
    ['mode', generation.permissionContext.mode],
  ];
  return diffEntries(entries(previous), entries(next));
}

/** `<behavior>:<source>:<rule>` for every rule string, in a stable order. */
function ruleStrings(context: ToolPermissionContext): string[] {
  const keys: string[] = [];
  for (const [behavior, field] of BEHAVIORS) {
    for (const source of PERMISSION_RULE_SOURCES) {
      for (const rule of context[field][source] ?? []) keys.push(`${behavior}:${source}:${rule}`);
    }
  }
  return keys;
}

/** Repeated keys become `key#2`, `key#3`, ... so each entry has its own name. */
function numbered<T>(entries: [string, T][]): [string, T][] {
  const seen = new Map<string, number>();
  return entries.map(([key, value]) => {
    const count = (seen.get(key) ?? 0) + 1;
    seen.set(key, count);
    return [count === 1 ? key : `${key}#${count}`, value];
  });
}

function diffEntries(before: [string, unknown][], after: [string, unknown][]): NameDiff {
  const old = new Map(before);
  const current = new Map(after);
  return {
    added: [...current.keys()].filter((key) => !old.has(key)),
    removed: [...old.keys()].filter((key) => !current.has(key)),
    changed: [...current.keys()].filter((key) => old.has(key) && old.get(key) !== current.get(key)),
  };
}
