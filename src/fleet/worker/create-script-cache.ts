import { createHash } from 'node:crypto';
import type { AgentDefinition } from '../../agent/agent-definition.ts';
import { loadAgentScript } from '../../agent/load-agent-script.ts';

/** How many scripts (by content) a worker keeps imported. */
const SCRIPT_CACHE_SIZE = 32;

/** The agent scripts a worker has imported, by content. */
export interface ScriptCache {
  /** The definition `source` (the text of `file`, as checked for this job) exports; imported again only when the text or the path differs. */
  load(options: { file: string; source: string }): Promise<AgentDefinition | undefined>;
}

/**
 * Imports each agent script once per content, not once per job: jiti's transform and the module's top level
 * cost more than a trivial job's whole turn. A job still reads and checks its script from disk
 * (`readAllowedScript`); only the import of the same text at the same path is shared, so an edited script is
 * imported again by the next job. A script whose import fails is not kept. The least recently used goes first
 * past 32. A script's top level therefore runs once per worker and content, as a plugin's does.
 */
export function createScriptCache(): ScriptCache {
  const loaded = new Map<string, Promise<AgentDefinition | undefined>>();
  return {
    load({ file, source }) {
      const key = createHash('sha256').update(file).update('\0').update(source).digest('hex');
      let definition = loaded.get(key);
      if (definition) loaded.delete(key);
      definition ??= loadAgentScript(file, { source });
      loaded.set(key, definition);
      definition.catch(() => loaded.get(key) === definition && loaded.delete(key));
      for (const oldest of loaded.keys()) {
        if (loaded.size <= SCRIPT_CACHE_SIZE) break;
        loaded.delete(oldest);
      }
      return definition;
    },
  };
}
