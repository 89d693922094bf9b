import type { PluginContext } from './define-plugin.ts';
import type { PluginLogger } from './types.ts';

/** A disposer registered with `context.onDispose`. */
export type Disposer = () => void | Promise<void>;

/** Writes `[plugin] message` (or `[plugin] warning: message`) to stderr, keeping stdout for results. */
export const defaultPluginLogger: PluginLogger = ({ level, plugin, message }) => {
  process.stderr.write(`[${plugin}] ${level === 'warn' ? 'warning: ' : ''}${message}\n`);
};

/**
 * Makes the context a plugin's `setup` receives: `log` and `warn` already tagged with the plugin's name,
 * and `onDispose` adding to `disposers`, which the loader runs (last first) when the plugin is unloaded.
 */
export function createPluginContext(options: { pluginName: string; cwd: string; logger: PluginLogger; disposers: Disposer[] }): PluginContext {
  const { pluginName, logger, disposers } = options;
  return Object.freeze({
    pluginName,
    cwd: options.cwd,
    log: (message: string) => logger({ level: 'log', plugin: pluginName, message: String(message) }),
    warn: (message: string) => logger({ level: 'warn', plugin: pluginName, message: String(message) }),
    onDispose: (dispose: Disposer) => {
      if (typeof dispose !== 'function') throw new TypeError(`onDispose() expects a function, got ${typeof dispose}`);
      disposers.push(dispose);
    },
  });
}
