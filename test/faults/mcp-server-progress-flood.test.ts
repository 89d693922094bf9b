import { afterEach, describe, expect, it } from 'vitest';
import { HEADER, serveTestProject, textOf, type ServedProject } from '../../src/mcp-server/test-fixtures/serve-test-project.ts';

const served: ServedProject[] = [];
afterEach(async () => {
  await Promise.all(served.splice(0).map((project) => project.cleanup()));
});

/** A tool that reports progress as fast as it can (a plugin relaying each line of a chatty process). */
const FLOOD = `${HEADER}export default buildTool({ name: 'Flood', description: 'Reports a lot', inputSchema: z.object({ updates: z.number() }), isReadOnly: () => true,
  async call({ updates }, context) {
    for (let index = 1; index <= updates; index++) {
      context.onProgress({ type: 'flood', message: 'line ' + index });
      if (index % 500 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    return { data: 'flooded' };
  } });\n`;

// Each notification is queued for the client whether or not it reads (the Streamable HTTP transport's stream has no
// backpressure): a tool reporting 200,000 updates to a client that does not read grew the server by ~360 MB. The
// notifications of one call are coalesced instead, the latest update winning, so what waits for the client is
// bounded by time, not by the number of updates.
describe('a flood of progress updates from one call', () => {
  it('reaches the client as a few notifications, still growing, the last update among them', async () => {
    const project = await serveTestProject({ files: { 'plugins/flood.ts': FLOOD } });
    served.push(project);
    const { client } = await project.connect();
    const progress: Array<{ progress: number; message?: string }> = [];
    const result = await client.callTool({ name: 'Flood', arguments: { updates: 20_000 } }, undefined, { onprogress: (update) => progress.push(update), timeout: 120_000 });
    expect(textOf(result)).toBe('flooded');
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.length).toBeLessThan(1_000);
    for (let index = 1; index < progress.length; index++) expect(progress[index]!.progress).toBeGreaterThan(progress[index - 1]!.progress);
    expect(progress.at(-1)).toMatchObject({ progress: 20_000, message: 'flood: line 20000' });
  });
});
