import { realpathSync } from 'node:fs';
import { CodevError, errorMessage } from '../errors/codev-error.ts';
import { createPluginImporter } from '../plugins/create-plugin-importer.ts';
import { explainLoadError } from '../plugins/explain-load-error.ts';
import type { AgentDefinition } from './agent-definition.ts';
import { takeDefinedAgent } from './defined-agents.ts';
import { validateAgentDefinition } from './validate-agent-definition.ts';

/**
 * Imports an agent script the way `codev run` and a fleet worker do (TypeScript through jiti, no time limit:
 * a script's top level may run for as long as its agent does) and returns its default-exported agent
 * definition, checked as `defineAgent` checks it; undefined for a plain script, which ran when it was
 * imported. Its top-level code runs once, whatever its extension and however it fails. A script that throws
 * (or does not parse, or imports what does not resolve) is `SCRIPT_FAILED` naming the line in the user's file.
 * `notExportedAgent(file)` then tells a plain script from one that calls defineAgent without exporting it.
 * With `source` (the script's text, read and checked by the caller, as a fleet worker does) that text runs, and
 * the file is not read again by its name.
 */
export async function loadAgentScript(file: string, options: { source?: string } = {}): Promise<AgentDefinition | undefined> {
  let loaded: unknown;
  takeDefinedAgent(file); // what an earlier load of it recorded (a worker loads a script many times)
  try {
    loaded = await createPluginImporter({ timeoutMs: Infinity }).import(file, { source: options.source });
  } catch (error) {
    if (CodevError.isInstance(error)) throw error;
    const explanation = await explainLoadError({ error, file });
    throw new CodevError('SCRIPT_FAILED', `The script ${file} failed: ${errorMessage(error)}`, {
      file: explanation.file,
      line: explanation.line,
      column: explanation.column,
      cause: error,
      hint: 'fix the error in the script and run it again',
    });
  }
  const exported = (loaded as { default?: unknown } | undefined)?.default;
  return typeof exported === 'object' && exported !== null && !Array.isArray(exported) ? validateAgentDefinition({ value: exported, file }) : undefined;
}

/**
 * After `loadAgentScript` found no default-exported agent: the warning for a script that called `defineAgent`
 * anyway (`const agent = defineAgent(...)`, `export const agent = ...`), a forgotten `export default`, naming
 * the line; undefined for a plain script.
 */
export function notExportedAgent(file: string): CodevError | undefined {
  const defined = takeDefinedAgent(file) ?? takeDefinedAgent(realpathSync(file));
  if (!defined) return undefined;
  return new CodevError('AGENT_NOT_EXPORTED', `${file} calls defineAgent but does not export the agent as default: it ran as a plain script, and no agent ran`, {
    file,
    line: defined.line,
    hint: 'export it: export default defineAgent({ ... })',
  });
}
