import { symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { metaOf, serveTestProject, type ServedProject } from './test-fixtures/serve-test-project.ts';

const served: ServedProject[] = [];
afterEach(async () => {
  await Promise.all(served.splice(0).map((project) => project.cleanup()));
});

describe('the saved results of a session, as resources', () => {
  it('are listed and read by that session only, and nothing else is', async () => {
    const project = await serveTestProject();
    served.push(project);
    const { client } = await project.connect();
    const other = await project.connect();
    expect((await client.listResources()).resources).toEqual([]);
    const { persistedPath } = metaOf(await client.callTool({ name: 'Big', arguments: { chars: 50_000 } }));
    const { resources } = await client.listResources();
    expect(resources).toEqual([expect.objectContaining({ uri: pathToFileURL(persistedPath).href, mimeType: 'text/plain' })]);
    const read = await client.readResource({ uri: resources[0]!.uri });
    expect(read.contents).toEqual([expect.objectContaining({ text: 'line\n'.repeat(10_000) })]);
    // Another session has its own folder: it neither lists nor reads this one's results.
    expect((await other.client.listResources()).resources).toEqual([]);
    await expect(other.client.readResource({ uri: resources[0]!.uri })).rejects.toMatchObject({ code: -32002 });
    // Nothing outside the results folder: another file, a path with .., a link planted in the folder.
    const secret = path.join(project.root, 'secret.txt');
    await writeFile(secret, 'not for clients');
    const folder = path.dirname(persistedPath);
    await symlink(secret, path.join(folder, 'planted.txt'));
    for (const uri of [pathToFileURL(secret).href, `${pathToFileURL(folder).href}/../../../../secret.txt`, pathToFileURL(path.join(folder, 'planted.txt')).href, 'file:///etc/passwd', 'https://example.com/x.txt']) {
      await expect(client.readResource({ uri }), uri).rejects.toMatchObject({ code: -32002 });
    }
    expect((await client.listResources()).resources.map((resource) => resource.name)).toEqual([path.basename(persistedPath)]);
  });
});
