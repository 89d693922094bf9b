import { afterEach, expect, it } from 'vitest';
import { CodevError } from '../errors/codev-error.ts';
import { loadPlugin } from './load-plugin.ts';
import { createTempProject, type TempProject } from './test-fixtures/create-temp-project.ts';

const projects: TempProject[] = [];
afterEach(async () => Promise.all(projects.splice(0).map((project) => project.cleanup())));

// loadPlugin rejects with a CodevError, never anything else: a plugin whose exports throw when read (a
// getter, a Proxy) is a plugin that is not one, PLUGIN_INVALID naming the file, not a bare Error.
const files: Record<string, string> = {
  'plugins/default-getter.cjs': "Object.defineProperty(module.exports, 'default', { enumerable: true, get() { throw new Error('no default'); } });\n",
  'plugins/named-getter.cts': "Object.defineProperty(module.exports, 'tool', { enumerable: true, get() { throw new Error('no tool'); } });\n",
  'plugins/proxy-default.mjs': "export default new Proxy({}, { get() { throw new Error('trap'); } });\n",
  'plugins/proxy-named.mjs': "export const tool = new Proxy({}, { get() { throw new Error('trap'); } });\n",
};

for (const file of Object.keys(files)) {
  it(`a plugin whose exports throw when read (${file}) is PLUGIN_INVALID naming it`, async () => {
    const project = await createTempProject({ files: { 'package.json': '{"name":"fixture"}', [file]: files[file]! } });
    projects.push(project);
    const error = await loadPlugin({ source: { kind: 'file', file: project.path(file) }, cwd: project.root }).then(() => undefined, (reason: unknown) => reason);
    expect(CodevError.isInstance(error) && { code: error.code, file: error.file }).toEqual({ code: 'PLUGIN_INVALID', file: project.path(file) });
  });
}
