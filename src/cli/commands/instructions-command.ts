import os from 'node:os';
import { loadConfig } from '../../config/load-config.ts';
import { resolveInstructionSources } from '../../instructions/instructions-setting.ts';
import { loadInstructions } from '../../instructions/load-instructions.ts';
import type { InstructionFile } from '../../instructions/types.ts';
import { createPermissionContext } from '../../permissions/create-permission-context.ts';
import { readScopeOf } from '../../permissions/read-scope.ts';
import { INSTRUCTIONS_HELP } from '../help.ts';
import { parseCommandLine, refuseArguments } from '../parse-command-line.ts';
import type { CommandIo } from './types.ts';

/**
 * `codev instructions`: the instruction files an agent of this project sends in its system prompt, in
 * order, with their sizes. Exits 1 when a file was skipped (each named on stderr with why).
 */
export async function instructionsCommand(argv: readonly string[], io: CommandIo): Promise<number> {
  const { values, positionals } = parseCommandLine(argv, { json: { type: 'boolean' } });
  if (!values.help) refuseArguments(positionals, 'codev instructions [--json] [--cwd DIR]');
  if (values.help) {
    io.stdout(INSTRUCTIONS_HELP);
    return 0;
  }
  const { config, root } = await loadConfig({ cwd: values.cwd ?? io.cwd });
  const sources = resolveInstructionSources(config.instructions);
  const homeDirectory = io.env.HOME ?? os.homedir();
  // The config's Read deny and ask rules refuse files here as they do in an agent's system prompt.
  const permissionContext = createPermissionContext({ deny: { project: config.permissions?.deny ?? [] }, ask: { project: config.permissions?.ask ?? [] } });
  const readScope = readScopeOf({ cwd: root, projectRoot: root, homeDirectory, permissionContext });
  const { files, warnings } = sources ? await loadInstructions({ projectRoot: root, homeDirectory, sources, readScope }) : { files: [], warnings: [] };
  for (const warning of warnings) io.stderr(`codev: ${warning.message}\n`);
  if (values.json) {
    const rows = files.map(({ path, scope, bytes, includedFrom }) => ({ path, scope, bytes, ...(includedFrom && { includedFrom }) }));
    io.stdout(`${JSON.stringify({ enabled: sources !== undefined, files: rows, warnings: warnings.map(({ code, path, reason }) => ({ code, path, reason })) }, null, 2)}\n`);
  } else if (!sources) io.stdout('Instructions are off (instructions: false in the config).\n');
  else io.stdout(files.length === 0 ? 'No instruction files (CODEV.md, AGENTS.md, CLAUDE.md in ~/.codev/ or the project root).\n' : formatTable(files));
  return warnings.length > 0 ? 1 : 0;
}

function formatTable(files: readonly InstructionFile[]): string {
  const width = Math.max(5, ...files.map((file) => String(file.bytes).length));
  const lines = files.map((file) => `${file.scope.padEnd(7)}  ${String(file.bytes).padStart(width)}  ${file.path}${file.includedFrom ? `  (included from ${file.includedFrom})` : ''}`);
  const total = files.reduce((sum, file) => sum + file.bytes, 0);
  return `${'SCOPE'.padEnd(7)}  ${'BYTES'.padStart(width)}  PATH\n${lines.join('\n')}\n${files.length} file(s), ${total} bytes\n`;
}
