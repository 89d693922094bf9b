import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { buildTool } from 'codev/plugin';

/**
 * A tool plugin: counts the words, lines and characters of a text file.
 * Try `npx codev tool WordCount '{"path":"README.md"}'`.
 */
export default buildTool({
  name: 'WordCount',
  description: 'Count the words, lines and characters of a text file in the project.',
  searchHint: 'count words lines characters file length',
  inputSchema: z.object({
    path: z.string().min(1).describe('The file, relative to the working directory or absolute'),
  }),
  isReadOnly: () => true,
  isConcurrencySafe: () => true,
  // What the call touches: path rules such as Read(./.env) match it, whatever the tool is called.
  getPermissionTargets: (input) => [{ kind: 'path', path: input.path, access: 'read' }],
  async call(input, context) {
    const text = await readFile(path.resolve(context.cwd, input.path), 'utf8');
    const words = text.split(/\s+/).filter(Boolean).length;
    const lines = text === '' ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    return { data: { path: input.path, words, lines, characters: text.length } };
  },
});
