import { getSessionState } from '../../session/get-session-state.ts';
import { withToolSource } from '../../tool/build-tool.ts';
import type { Tool } from '../../tool/types.ts';
import { toolSearchTool } from '../../tools/ToolSearch/index.ts';
import { offeredTools } from '../offered-tools.ts';
import { selectRequestTools, toApiTools } from '../to-api-tools.ts';
import type { TurnState } from './types.ts';

/** ToolSearch as the agent adds it when the pool has deferred tools but no ToolSearch of its own. */
const TOOL_SEARCH = withToolSource(toolSearchTool as Tool, { type: 'builtin' });
// One extended pool per pool, so its identity (and ToolSearch's index of it) is stable from turn to turn.
const withToolSearch = new WeakMap<readonly Tool[], readonly Tool[]>();

/**
 * Sets `state.requestTools` for the next request. Of the deferred tools only those ToolSearch loaded (the
 * session's set) are sent, AskUserQuestion only when the agent can answer it (see `offeredTools`), and
 * ToolSearch joins the context's pool when any are deferred. The API shapes are made again only when the
 * pool or the loaded set changed. With an `outputSchema`, the StructuredOutput tool is added.
 */
export function prepareRequestTools(state: TurnState): Promise<void> | undefined {
  const { context } = state;
  const pool = context.tools;
  const loaded = getSessionState(context).loadedDeferredTools;
  const selection = selectRequestTools({ pool: offeredTools(pool, context.agent), loaded, toolSearch: TOOL_SEARCH, env: state.agent.env });
  if (selection.deferredCount > 0 && !pool.some((tool) => tool.name === TOOL_SEARCH.name)) {
    let extended = withToolSearch.get(pool);
    if (!extended) withToolSearch.set(pool, (extended = [...pool, TOOL_SEARCH]));
    context.tools = extended;
  }
  context.loadedDeferredTools = loaded;
  const { madeFrom } = state.requestTools;
  // Most turns: nothing changed, and nothing is awaited.
  if (madeFrom?.pool === pool && madeFrom.loaded === loaded.size) return undefined;
  return makeRequestTools(state, selection, { pool, loaded: loaded.size });
}

async function makeRequestTools(state: TurnState, selection: ReturnType<typeof selectRequestTools>, madeFrom: { pool: readonly Tool[]; loaded: number }): Promise<void> {
  const { context } = state;
  const tools = await toApiTools(selection.tools, context.permissionContext, {
    cacheBefore: selection.cacheBefore,
    agent: context.agent,
    cwd: context.cwd,
    projectRoot: context.projectRoot,
    pluginDirectories: context.pluginDirectories,
  });
  // The output tool goes last: its schema never changes, and the built-ins' cache breakpoint stays where it was.
  const { output } = state.agent;
  state.requestTools = { tools: output ? [...tools, output.tool] : tools, madeFrom };
}
