import { CodevError, errorMessage } from '../errors/codev-error.ts';
import { isToolHook } from '../hooks/define-hook.ts';
import { isPermissionRuleSet } from '../permissions/define-permission-rule.ts';
import { isTool } from '../tool/build-tool.ts';
import type { Contributions } from './collect-contributions.ts';
import { createPluginContext, type Disposer } from './create-plugin-context.ts';
import { explainLoadError } from './explain-load-error.ts';
import type { PluginLogger } from './types.ts';
import { withinLoadTimeout } from './within-load-timeout.ts';

const CONTRIBUTION_LISTS = [
  { key: 'tools', target: 'tools', guard: isTool, maker: 'buildTool(...)' },
  { key: 'hooks', target: 'hooks', guard: isToolHook, maker: 'defineHook(...)' },
  { key: 'rules', target: 'ruleSets', guard: isPermissionRuleSet, maker: 'definePermissionRule(...)' },
] as const;

/**
 * Runs each pending `setup(ctx)` in order, adding what it returns to `contributions` and its disposers to
 * `disposers`. A setup that throws becomes `PLUGIN_LOAD_FAILED` (located in `file` when the stack allows), one
 * that does not finish within `timeoutMs` `LOAD_TIMEOUT`;
 * one that returns something other than tools, hooks and rules becomes `PLUGIN_INVALID`.
 */
export async function runPluginSetups(options: {
  contributions: Contributions;
  disposers: Disposer[];
  cwd: string;
  logger: PluginLogger;
  file?: string;
  /** How long each setup may take before it is `LOAD_TIMEOUT`. */
  timeoutMs: number;
}): Promise<void> {
  const { contributions, file } = options;
  for (const { pluginName, setup } of contributions.setups) {
    const context = createPluginContext({ pluginName, cwd: options.cwd, logger: options.logger, disposers: options.disposers });
    let returned: unknown;
    try {
      returned = await withinLoadTimeout(Promise.resolve().then(() => setup(context)), {
        timeoutMs: options.timeoutMs,
        file,
        problem: `Plugin "${pluginName}": setup() did not finish within ${options.timeoutMs} ms`,
        hint: 'look for an `await` in setup(ctx) that never settles; CODEV_LOAD_TIMEOUT_MS sets the limit',
      });
    } catch (error) {
      if (CodevError.isInstance(error) && error.code === 'LOAD_TIMEOUT') throw error;
      const location = file ? await explainLoadError({ error, file }) : undefined;
      throw new CodevError('PLUGIN_LOAD_FAILED', `Plugin "${pluginName}": setup() threw: ${errorMessage(error)}`, {
        file: location?.file,
        line: location?.line,
        column: location?.column,
        plugin: file ?? pluginName,
        hint: 'fix the error in setup(ctx); it runs on every load and reload',
        cause: error,
      });
    }
    if (returned === undefined || returned === null) continue;
    if (typeof returned !== 'object') throw invalid(pluginName, file, `setup() returned ${typeof returned}`, 'return nothing, or { tools, hooks, rules }');
    const unknown = Object.keys(returned).filter((key) => !CONTRIBUTION_LISTS.some((list) => list.key === key));
    if (unknown.length > 0) throw invalid(pluginName, file, `setup() returned unknown keys: ${unknown.join(', ')}`, 'return { tools, hooks, rules }');
    for (const { key, target, guard, maker } of CONTRIBUTION_LISTS) {
      const list = (returned as Record<string, unknown>)[key];
      if (list === undefined) continue;
      if (!Array.isArray(list)) throw invalid(pluginName, file, `setup() returned \`${key}\` that is not an array`, `return { ${key}: [${maker}] }`);
      list.forEach((item, index) => {
        if (!guard(item)) throw invalid(pluginName, file, `setup() returned ${key}[${index}] that was not made with ${maker}`, `wrap it in ${maker}`);
      });
      (contributions[target] as unknown[]).push(...list);
    }
  }
}

function invalid(pluginName: string, file: string | undefined, problem: string, hint: string): CodevError {
  return new CodevError('PLUGIN_INVALID', `Plugin "${pluginName}": ${problem}`, { file, plugin: file ?? pluginName, hint });
}
