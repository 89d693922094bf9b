/** Test-only: an agent project whose one tool, Note, takes as long as the model asks. */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const SLOW_NOTE = `import { buildTool } from 'codev/plugin';
import { z } from 'zod';
export default buildTool({
  name: 'Note',
  description: 'Writes a note, slowly',
  inputSchema: z.object({ text: z.string(), ms: z.number() }),
  isReadOnly: () => true,
  async call({ text, ms }) {
    await new Promise((resolve) => setTimeout(resolve, ms));
    return { data: 'noted: ' + text };
  },
});
`;

/**
 * Writes package.json (named `name`), plugins/note.ts (Note: waits `ms`, then answers `noted: <text>`) and
 * agent.ts into `project`. Put it inside the repo so that the plugin resolves `zod` and `codev/plugin` as a
 * user's project does.
 */
export function writeNoteProject(project: string, name: string): void {
  mkdirSync(path.join(project, 'plugins'), { recursive: true });
  writeFileSync(path.join(project, 'package.json'), `{ "name": "${name}", "private": true }\n`);
  writeFileSync(path.join(project, 'plugins/note.ts'), SLOW_NOTE);
  writeFileSync(path.join(project, 'agent.ts'), "export default { system: 'You write notes.' };\n");
}
