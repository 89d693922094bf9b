import type { ToolPermissionContext } from '../permissions/types.ts';
import type { Tool } from '../tool/types.ts';
import { filterToolsByDenyRules } from './filter-tools-by-deny-rules.ts';

/** The tools simple mode keeps. */
export const SIMPLE_MODE_TOOLS = ['Bash', 'Read', 'Edit'] as const;
/** The primitives the REPL tool wraps, hidden from the pool while it is enabled. */
export const REPL_ONLY_TOOLS = ['Read', 'Glob', 'Grep', 'Bash', 'NotebookEdit'] as const;

/** The tool whose presence (with `CODEV_REPL=1`) hides the primitives. */
const REPL_TOOL_NAME = 'REPL';

/** Options of the registry functions; all default to the process's own state. */
export interface RegistryOptions {
  /**
   * The built-in tools to start from (they come first in the pool, before the prompt-cache breakpoint). The
   * registry knows no tool of its own: the default is none here; codev's `createKernel`, `getTools`,
   * `assembleToolPool` and `getMergedTools` pass `getAllBaseTools()` unless given this.
   */
  baseTools?: readonly Tool[];
  /** The environment read for `CODEV_SIMPLE` and `CODEV_REPL`. Default `process.env`. */
  env?: Readonly<Record<string, string | undefined>>;
}

/**
 * The built-in tools available under a permission context:
 * 1. simple mode (`CODEV_SIMPLE=1`): only Bash, Read and Edit (still deny-filtered);
 * 2. otherwise every base tool;
 * 3. blanket deny rules remove tools;
 * 4. REPL mode (`CODEV_REPL=1` and a REPL tool present) hides the primitives it wraps; without it the
 *    built-in REPL itself is left out (it is opt-in, like Claude Code's);
 * 5. tools whose `isEnabled()` is false (or throws) are dropped.
 */
export function getTools(permissionContext: ToolPermissionContext, options: RegistryOptions = {}): Tool[] {
  const env = options.env ?? process.env;
  const base = options.baseTools ?? [];
  if (isTruthy(env.CODEV_SIMPLE)) {
    const simple = base.filter((tool) => (SIMPLE_MODE_TOOLS as readonly string[]).includes(tool.name));
    return filterToolsByDenyRules(simple, permissionContext).filter(isEnabled);
  }
  let tools = filterToolsByDenyRules(base, permissionContext);
  if (!isTruthy(env.CODEV_REPL)) tools = tools.filter((tool) => tool.name !== REPL_TOOL_NAME);
  else if (tools.some((tool) => tool.name === REPL_TOOL_NAME)) {
    tools = tools.filter((tool) => !(REPL_ONLY_TOOLS as readonly string[]).includes(tool.name));
  }
  return tools.filter(isEnabled);
}

function isEnabled(tool: Tool): boolean {
  try {
    return tool.isEnabled();
  } catch {
    return false;
  }
}

function isTruthy(value: string | undefined): boolean {
  return value !== undefined && ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());
}
