import type { ToolUseContext } from '../execution/types.ts';
import type { Kernel } from '../kernel/create-kernel.ts';
import { createPermissionContext, removeRuleSource } from '../permissions/create-permission-context.ts';
import type { AgentOptions } from './types.ts';

/** Where an agent's queries get their tool contexts (without the agent's scope, which the agent adds). */
export interface QueryContexts {
  /**
   * The context a query starts from: the session's rules and mode carry over from the previous query (with
   * a kernel, onto the latest generation); a skill's grants (`skill` rules) end with the query that ran it.
   */
  start(signal: AbortSignal): ToolUseContext;
  /** The context of a later turn: with a kernel, the latest registry generation (hot reload), the session carried over; else `previous`. */
  next(signal: AbortSignal, previous: ToolUseContext): ToolUseContext;
  /** Records the context a query ended with, for the next query's `start`; undefined forgets it. */
  ended(context: ToolUseContext | undefined): void;
  /** The context the last query ended with, if any. */
  last(): ToolUseContext | undefined;
}

/**
 * The tool contexts of an agent: made by `createToolUseContext` when given, else by the kernel (over
 * `tools` when given), else a standalone context over `tools` in `sessionDirectory`.
 */
export function createQueryContexts(options: { agentOptions: AgentOptions & { kernel?: Kernel }; sessionDirectory: string }): QueryContexts {
  const { agentOptions, sessionDirectory } = options;
  const { kernel, createToolUseContext } = agentOptions;
  let lastContext: ToolUseContext | undefined;
  const make = (signal: AbortSignal, previous?: ToolUseContext): ToolUseContext => {
    if (previous && (createToolUseContext || !kernel)) return previous;
    if (createToolUseContext) return createToolUseContext(signal);
    if (!kernel) return standaloneContext({ tools: agentOptions.tools ?? [], signal, sessionDirectory });
    const context = kernel.createToolUseContext({ signal, carryOver: previous });
    if (agentOptions.tools) context.tools = agentOptions.tools;
    return context;
  };
  return {
    start(signal) {
      const previous = lastContext;
      const context = previous && kernel && !createToolUseContext ? make(signal, previous) : make(signal);
      if (previous && !kernel && !createToolUseContext) context.permissionContext = previous.permissionContext;
      context.permissionContext = removeRuleSource(context.permissionContext, 'skill');
      return context;
    },
    next: make,
    ended(context) {
      lastContext = context;
    },
    last: () => lastContext,
  };
}

/** An agent over explicit tools has no project: default permissions, the process cwd, a temp session folder. */
function standaloneContext(options: { tools: ToolUseContext['tools']; signal: AbortSignal; sessionDirectory: string }): ToolUseContext {
  return {
    cwd: process.cwd(),
    signal: options.signal,
    permissionContext: createPermissionContext(),
    tools: options.tools,
    sessionDirectory: options.sessionDirectory,
    hooks: [],
    ruleSets: [],
  };
}
