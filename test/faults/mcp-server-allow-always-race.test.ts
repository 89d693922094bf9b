import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { serveTestProject, type ServedProject } from '../../src/mcp-server/test-fixtures/serve-test-project.ts';

// Several clients answer "allow always" at the same moment: each answer is a read-modify-write of
// .codev/settings.local.json, and none may be lost (nor the file left invalid).

const served: ServedProject[] = [];
afterEach(async () => {
  await Promise.all(served.splice(0).map((project) => project.cleanup()));
});

describe('"allow always" answered by several sessions at once', () => {
  it('keeps every session\'s rule in .codev/settings.local.json, a valid file', async () => {
    const project = await serveTestProject();
    served.push(project);
    const names = Array.from({ length: 8 }, (_, index) => `kept${index}`);
    const clients = await Promise.all(names.map(() => project.connect({ elicit: () => ({ action: 'accept', content: { decision: 'allow_always' } }) })));
    // A distinct command each, so each answer keeps a rule of its own.
    const results = await Promise.all(clients.map(({ client }, index) => client.callTool({ name: 'Bash', arguments: { command: `mkdir -p ${names[index]}` } })));
    for (const result of results) expect(result.isError).toBeFalsy();
    const settings = JSON.parse(await readFile(path.join(project.root, '.codev', 'settings.local.json'), 'utf8')) as { permissions: { allow: string[] } };
    expect([...settings.permissions.allow].sort()).toEqual(names.map((name) => `Bash(mkdir -p ${name})`).sort());
  });
});
