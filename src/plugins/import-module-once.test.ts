import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJiti } from './create-jiti.ts';
import { importModuleOnce } from './import-module-once.ts';
import { importNativeEsModule } from './import-native-es-module.ts';

const jiti = createJiti(import.meta.url, { moduleCache: false, interopDefault: false, virtualModules: { 'virtual-only': { answer: 42 } } });
let folder: string;
const file = (name: string) => path.join(folder, name);
/** Appends a line to <file>.ran: how many times the file's top level ran. */
const counted = (rest: string) => `import { appendFileSync } from 'node:fs';\nappendFileSync(new URL(import.meta.url + '.ran'), 'ran\\n');\n${rest}\n`;
const runs = async (name: string) => (await readFile(`${file(name)}.ran`, 'utf8').catch(() => '')).split('\n').filter(Boolean).length;

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'codev-import-once-'));
  await writeFile(file('package.json'), '{ "type": "module" }');
  await writeFile(file('fine.mjs'), counted('export default 1;'));
  await writeFile(file('throws.mjs'), counted("throw new Error('at import');"));
  await writeFile(file('missing-export.mjs'), `import { nope } from 'node:fs';\n${counted('export default nope;')}`);
  await writeFile(file('virtual.js'), `import { answer } from 'virtual-only';\n${counted('export default answer;')}`);
  await writeFile(file('throws.cjs'), "require('node:fs').appendFileSync(__filename + '.ran', 'ran\\n');\nthrow new Error('at import');\n");
});
afterAll(() => rm(folder, { recursive: true, force: true }));

describe('importNativeEsModule', () => {
  it('tells a failure before any code ran (linking) from one after (evaluation)', async () => {
    expect(await importNativeEsModule({ jiti, file: file('fine.mjs') })).toMatchObject({ status: 'loaded', module: { default: 1 } });
    expect(await importNativeEsModule({ jiti, file: file('missing-export.mjs') })).toMatchObject({ status: 'failed', evaluated: false });
    expect(await importNativeEsModule({ jiti, file: file('throws.mjs') })).toMatchObject({ status: 'failed', evaluated: true, error: { message: 'at import' } });
    expect(await runs('missing-export.mjs')).toBe(0);
    expect(await runs('throws.mjs')).toBe(1);
  });
});

describe('importModuleOnce', () => {
  it('runs a top level that throws once, ES module or CommonJS, and rejects with what it threw', async () => {
    await expect(importModuleOnce({ jiti, file: file('throws.mjs') })).rejects.toThrow('at import');
    await expect(importModuleOnce({ jiti, file: file('throws.cjs') })).rejects.toThrow('at import');
    // Node keeps an ES module that threw: imported again (the test above did), it throws again without running.
    expect(await runs('throws.mjs')).toBe(1);
    expect(await runs('throws.cjs')).toBe(1);
  });

  it('transpiles what Node refuses before running it (a module only jiti serves), and runs it once', async () => {
    expect(await importModuleOnce({ jiti, file: file('virtual.js') })).toMatchObject({ default: 42 });
    expect(await runs('virtual.js')).toBe(1);
  });

  it('runs the source it is given under the file\'s name, never what the file holds now (an ES module included)', async () => {
    await writeFile(file('swapped.mjs'), "export default 'on disk';\n");
    await writeFile(file('helper.mjs'), "export const helper = 'beside it';\n");
    const source = "import { helper } from './helper.mjs';\nexport default 'checked ' + helper;\n";
    expect(await importModuleOnce({ jiti, file: file('swapped.mjs'), source })).toMatchObject({ default: 'checked beside it' });
  });
});

