import { addRulesToContext } from '../permissions/create-permission-context.ts';
import type { ToolPermissionContext } from '../permissions/types.ts';

const CARRIED_SOURCES = ['session', 'skill', 'local'] as const;
const LISTS = [
  ['allow', 'alwaysAllowRules'],
  ['deny', 'alwaysDenyRules'],
  ['ask', 'alwaysAskRules'],
] as const;

/**
 * The permission context of a new generation with what a session changed in its old one: the rules the
 * user added (`session` and `local` sources, beyond what the old generation started with), a skill's
 * grants for the query (`skill`), and the mode,
 * if the session switched it. `base` is the context the session started from (its generation's).
 */
export function carrySessionRules(options: {
  session: ToolPermissionContext;
  base?: ToolPermissionContext;
  next: ToolPermissionContext;
}): ToolPermissionContext {
  const { session, base } = options;
  let context = options.next;
  for (const [behavior, field] of LISTS) {
    for (const source of CARRIED_SOURCES) {
      const before = new Set(base?.[field][source] ?? []);
      const added = (session[field][source] ?? []).filter((rule) => !before.has(rule));
      if (added.length > 0) context = addRulesToContext({ context, behavior, source, rules: added });
    }
  }
  if (base && session.mode !== base.mode && context.mode !== session.mode) context = Object.freeze({ ...context, mode: session.mode });
  return context;
}
