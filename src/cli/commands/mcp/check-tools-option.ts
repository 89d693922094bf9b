import { CodevError } from '../../../errors/codev-error.ts';
import { suggestKey } from '../../../errors/suggest-key.ts';

/**
 * Checks the names of `--tools` against the loaded pool, as rule names are checked: a near miss of a tool
 * there (`Raed`, `bash`) is `CLI_USAGE` naming the tool meant; a name no tool has and none is near is a
 * warning, since a plugin being written or an MCP server may still add it (the pool is hot-reloaded).
 */
export function checkToolsOption(options: { names: readonly string[]; pool: readonly string[]; agentOnly: readonly string[]; warn: (message: string) => void }): void {
  const known = [...options.pool, ...options.agentOnly];
  for (const name of options.names) {
    if (known.includes(name)) continue;
    const meant = suggestKey({ key: name, candidates: known });
    if (meant !== undefined) throw new CodevError('CLI_USAGE', `--tools names "${name}", which no tool is named. Did you mean "${meant}"?`, { field: '--tools', hint: 'codev tools lists the tool pool' });
    options.warn(`--tools names "${name}", which no tool of the pool has yet: it is served once a plugin or an MCP server adds it`);
  }
}
