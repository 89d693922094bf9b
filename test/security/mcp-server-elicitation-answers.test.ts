import { existsSync } from 'node:fs';
import path from 'node:path';
import type { ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { HEADER, metaOf, serveTestProject, type ServedProject } from '../../src/mcp-server/test-fixtures/serve-test-project.ts';

// The client answers a permission elicitation. Only one of the choices offered, accepted, allows the call:
// an answer the server cannot read as one (another case, another field, another type, a choice it did not
// offer) is a deny, never an allow.

const served: ServedProject[] = [];
afterEach(async () => {
  await Promise.all(served.splice(0).map((project) => project.cleanup()));
});

/** A tool that always asks. */
const CAREFUL = `${HEADER}import { writeFileSync } from 'node:fs';
export default buildTool({ name: 'Careful', description: 'Asks first', inputSchema: z.object({ mark: z.string() }),
  checkPermissions: () => ({ behavior: 'ask', message: 'Careful wants to write' }),
  call: ({ mark }, context) => { writeFileSync(context.cwd + '/' + mark, 'x'); return { data: 'marked' }; } });
`;

const MALFORMED: Array<[string, ElicitResult]> = [
  ['another case', { action: 'accept', content: { decision: 'ALLOW_ONCE' } }],
  ['a near name', { action: 'accept', content: { decision: 'allow' } }],
  ['a number', { action: 'accept', content: { decision: 1 } }],
  ['a list', { action: 'accept', content: { decision: ['allow_once'] } }],
  ['another field', { action: 'accept', content: { choice: 'allow_once' } }],
  ['no content', { action: 'accept' }],
  ['a decline carrying an allow', { action: 'decline', content: { decision: 'allow_once' } }],
];

describe('a permission elicitation answered', () => {
  for (const [what, answer] of MALFORMED) {
    it(`with ${what} denies the call`, async () => {
      const project = await serveTestProject({ files: { 'plugins/careful.ts': CAREFUL } });
      served.push(project);
      const { client } = await project.connect({ elicit: () => answer });
      const result = await client.callTool({ name: 'Bash', arguments: { command: 'touch made.txt' } });
      expect(result.isError).toBe(true);
      expect(metaOf(result)).toMatchObject({ errorCode: 'PERMISSION_DENIED', decision: { behavior: 'deny' } });
      expect(existsSync(path.join(project.root, 'made.txt'))).toBe(false);
    });
  }

  it('with "allow always" when it was not offered denies the call', async () => {
    // A plugin that failed to load may have had deny rules: every call asks, and no rule is suggested to keep.
    const project = await serveTestProject({ files: { 'plugins/careful.ts': CAREFUL, 'plugins/broken.ts': 'export default {{{' } });
    served.push(project);
    const offered: string[][] = [];
    const { client } = await project.connect({
      elicit: (request) => {
        offered.push((request.params as unknown as { requestedSchema: { properties: { decision: { enum: string[] } } } }).requestedSchema.properties.decision.enum);
        return { action: 'accept', content: { decision: 'allow_always' } };
      },
    });
    const result = await client.callTool({ name: 'Careful', arguments: { mark: 'careful.mark' } });
    expect(offered).toEqual([['allow_once', 'deny']]);
    expect(result.isError).toBe(true);
    expect(metaOf(result).decision).toMatchObject({ behavior: 'deny' });
    expect(existsSync(path.join(project.root, 'careful.mark'))).toBe(false);
  });
});
