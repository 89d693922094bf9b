import { readdirSync } from 'node:fs';
import { CODEV_FOLDER, CONFIG_FILE_NAMES, MCP_CONFIG_FILE, PROJECT_SKILL_FOLDERS } from '../../files/codev-files.ts';
import { AGENT_DIRECTORIES } from '../../agent-types/discover-agent-types.ts';
import { INSTRUCTION_FILE_NAMES } from '../../instructions/instruction-candidates.ts';

/** Names at a project's top that codev loads code, settings, skills, agent types or instructions from. */
const PROJECT_NAMES: ReadonlySet<string> = new Set([
  ...CONFIG_FILE_NAMES,
  MCP_CONFIG_FILE,
  CODEV_FOLDER,
  'plugins',
  ...[...PROJECT_SKILL_FOLDERS, ...AGENT_DIRECTORIES].map((folder) => folder.split('/')[0]!),
  ...INSTRUCTION_FILE_NAMES.map((file) => file.name),
]);

/**
 * What an untrusted checkout carries at its top that a trusted one would have loaded, sorted: the worker
 * says so in a warning, since a job author whose repository's settings silently did nothing would not know why.
 */
export function ignoredProjectFiles(checkout: string): string[] {
  try {
    return readdirSync(checkout)
      .filter((name) => PROJECT_NAMES.has(name))
      .sort();
  } catch {
    return [];
  }
}
