/**
 * The project the bench's jobs run in: a temp folder with its own package.json (so it is its own project
 * root, and the repo's codev.config.ts is not loaded), `agent.ts` (`export default { system: 'bench' }`),
 * and `notes.txt`, which the multi-turn jobs Read once per turn (a built-in tool, allowed by a rule: no
 * plugin, so nothing has to resolve `codev/plugin`). Removed at the end of the run. Not run on its own.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ownFolder } from './owned-resources.mjs';

export function createBenchProject() {
  const directory = ownFolder(mkdtempSync(path.join(os.tmpdir(), 'codev-fleet-bench-project-')));
  writeFileSync(path.join(directory, 'package.json'), '{ "name": "fleet-bench-project", "private": true }\n');
  writeFileSync(path.join(directory, 'agent.ts'), "export default { system: 'bench' };\n");
  writeFileSync(path.join(directory, 'notes.txt'), 'a note the agent reads once per turn\n');
  const sessionDirectory = path.join(directory, 'local-sessions');
  const workspaceRoot = path.join(directory, 'workspaces');
  mkdirSync(sessionDirectory);
  mkdirSync(workspaceRoot);
  return { directory, script: path.join(directory, 'agent.ts'), notesFile: path.join(directory, 'notes.txt'), sessionDirectory, workspaceRoot };
}
