import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { CodevError, errorMessage } from '../errors/codev-error.ts';
import { BUILT_IN_AGENTS } from './built-in-agents.ts';
import { parseAgentFile } from './parse-agent-file.ts';
import type { AgentTypeDefinition, AgentTypeSource } from '../tool/agent-scope.ts';
import type { AgentTypeDiscovery } from './types.ts';

/** The folders (relative to the project root) whose `*.md` files define agent types, highest priority first. */
export const AGENT_DIRECTORIES: readonly string[] = ['.codev/agents', 'agents'];

/**
 * Every agent type available to a project, highest priority first: the given definitions (SDK, then
 * config), `<root>/.codev/agents/*.md`, `<root>/agents/*.md`, `~/.codev/agents/*.md`, then the
 * built-ins. A name defined twice keeps the first. Files are read at every call (no cache), so an edit
 * shows at once; a bad file is an error value, never a throw, and the others still load.
 */
export async function discoverAgentTypes(options: {
  projectRoot: string;
  homeDirectory?: string;
  definitions?: readonly AgentTypeDefinition[];
}): Promise<AgentTypeDiscovery> {
  const errors: CodevError[] = [];
  const folders: { directory: string; source: AgentTypeSource }[] = AGENT_DIRECTORIES.map((relative) => ({ directory: path.join(options.projectRoot, relative), source: 'project' }));
  if (options.homeDirectory) folders.push({ directory: path.join(options.homeDirectory, '.codev', 'agents'), source: 'user' });
  const fromFiles = await Promise.all(folders.map((folder) => readAgentFolder({ ...folder, errors })));
  const byName = new Map<string, AgentTypeDefinition>();
  for (const definition of [...(options.definitions ?? []), ...fromFiles.flat(), ...BUILT_IN_AGENTS]) {
    if (!byName.has(definition.name)) byName.set(definition.name, definition);
  }
  return { definitions: [...byName.values()], errors };
}

async function readAgentFolder(options: { directory: string; source: AgentTypeSource; errors: CodevError[] }): Promise<AgentTypeDefinition[]> {
  let names: string[];
  try {
    names = (await readdir(options.directory)).filter((name) => name.endsWith('.md') && !name.startsWith('.')).sort();
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code !== 'ENOENT' && code !== 'ENOTDIR') options.errors.push(new CodevError('AGENT_INVALID', `Cannot list ${options.directory}: ${errorMessage(error)}`, { file: options.directory, cause: error }));
    return [];
  }
  const definitions: AgentTypeDefinition[] = [];
  for (const name of names) {
    const file = path.join(options.directory, name);
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      options.errors.push(new CodevError('AGENT_INVALID', `Cannot read agent ${file}: ${errorMessage(error)}`, { file, cause: error }));
      continue;
    }
    const parsed = parseAgentFile({ file, text, source: options.source });
    if ('error' in parsed) options.errors.push(parsed.error);
    else definitions.push(parsed.definition);
  }
  return definitions;
}
