/**
 * The registry functions with codev's built-in tools as the default `baseTools`, as the public API has always
 * had them. The registry layer itself knows no tool (its default is none).
 */
import type { ToolPermissionContext } from './permissions/types.ts';
import { assembleToolPool as assembleBareToolPool, getMergedTools as getBareMergedTools } from './registry/assemble-tool-pool.ts';
import { getTools as getBareTools, type RegistryOptions } from './registry/get-tools.ts';
import type { Tool } from './tool/types.ts';
import { getAllBaseTools } from './tools/get-all-base-tools.ts';

const withBuiltins = (options: RegistryOptions): RegistryOptions => ({ ...options, baseTools: options.baseTools ?? getAllBaseTools() });

/** `getTools` of the registry (simple mode, deny rules, REPL mode, `isEnabled`) over codev's built-ins unless `baseTools` says otherwise. */
export function getTools(permissionContext: ToolPermissionContext, options: RegistryOptions = {}): Tool[] {
  return getBareTools(permissionContext, withBuiltins(options));
}

/** `assembleToolPool` of the registry: the built-ins sorted, then the other tools sorted; built-ins win a name. */
export function assembleToolPool(permissionContext: ToolPermissionContext, extraTools: readonly Tool[], options: RegistryOptions = {}): Tool[] {
  return assembleBareToolPool(permissionContext, extraTools, withBuiltins(options));
}

/** `getMergedTools` of the registry: built-ins and the other tools, neither deduplicated nor sorted. */
export function getMergedTools(permissionContext: ToolPermissionContext, extraTools: readonly Tool[], options: RegistryOptions = {}): Tool[] {
  return getBareMergedTools(permissionContext, extraTools, withBuiltins(options));
}
