import type { ElicitRequest } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, expect, it } from 'vitest';
import { serveTestProject, type ServedProject } from '../../src/mcp-server/test-fixtures/serve-test-project.ts';

// What an elicitation shows is what the user allows: the characters that display as nothing must be written out,
// not only the controls and format characters. Unicode's default-ignorable code points render as nothing too,
// though they are letters or marks: variation selectors (which can carry a whole hidden text, one byte each),
// the Hangul fillers, the combining grapheme joiner, Mongolian free variation selectors.

const served: ServedProject[] = [];
afterEach(async () => {
  await Promise.all(served.splice(0).map((project) => project.cleanup()));
});

it('a permission elicitation writes out the default-ignorable characters of the input', { timeout: 60_000 }, async () => {
  const project = await serveTestProject();
  served.push(project);
  const requests: ElicitRequest[] = [];
  const { client } = await project.connect({ elicit: (request) => (requests.push(request), { action: 'decline' }) });
  const hidden = ['\ufe0f', '\u{e0101}', '\u3164', '\u115f', '\uffa0', '\u034f', '\u180b'];
  await client.callTool({ name: 'Bash', arguments: { command: `touch ${hidden.join('x')}.made` } });
  expect(requests).toHaveLength(1);
  const params = requests[0]!.params as unknown as { message: string; requestedSchema: unknown };
  const text = `${params.message}\n${JSON.stringify(params.requestedSchema)}`;
  for (const character of hidden) expect(text.includes(character), `U+${character.codePointAt(0)!.toString(16)}`).toBe(false);
  expect(text).toContain('\\u3164');
});
