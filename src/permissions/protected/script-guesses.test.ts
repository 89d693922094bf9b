import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makefilesRun } from './makefiles-run.ts';
import { packageMapOf } from './package-map-of.ts';
import { pythonModulesRun } from './python-modules-run.ts';

const root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'codev-guesses-')));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('makefilesRun', () => {
  it('names the makefiles make looks for, in the -C folder, or the -f files', () => {
    expect(makefilesRun(['make', 'lint'], '/p')).toEqual(['/p/GNUmakefile', '/p/makefile', '/p/Makefile']);
    expect(makefilesRun(['gmake', '-C', 'build', 'all'], '/p')).toEqual(['/p/build/GNUmakefile', '/p/build/makefile', '/p/build/Makefile']);
    expect(makefilesRun(['make', '-f', 'ci.mk', '--file=other.mk', '-Csub'], '/p')).toEqual(['/p/sub/ci.mk', '/p/sub/other.mk']);
    expect(makefilesRun(['npm', 'test'], '/p')).toEqual([]);
  });
});

describe('pythonModulesRun', () => {
  it('names the files python -m runs from the working directory', () => {
    expect(pythonModulesRun(['python3', '-m', 'tools.check'], '/p')).toEqual(['/p/tools/__init__.py', '/p/tools/check.py', '/p/tools/check/__init__.py', '/p/tools/check/__main__.py']);
    expect(pythonModulesRun(['python', '-u', '-mserver'], '/p')).toEqual(['/p/server.py', '/p/server/__init__.py', '/p/server/__main__.py']);
    expect(pythonModulesRun(['python3', 'x.py'], '/p')).toEqual([]);
  });
});

describe('packageMapOf', () => {
  it('maps #imports and the package name through the nearest package.json, patterns and conditions included', () => {
    writeFileSync(path.join(root, 'package.json'), JSON.stringify({ name: 'victim', imports: { '#lib/*': { node: './lib/*.ts', default: './fallback/*.js' }, '#dep': 'some-dep' }, exports: { '.': './index.ts', './policy': './lib/policy.ts' } }));
    const from = path.join(root, 'codev.config.ts');
    const manifest = path.join(root, 'package.json');
    expect(packageMapOf('#lib/a', from)).toEqual({ manifest, targets: [path.join(root, 'lib/a.ts'), path.join(root, 'fallback/a.js')] });
    expect(packageMapOf('#dep', from)).toEqual({ manifest, targets: ['some-dep'] });
    expect(packageMapOf('#missing', from)).toEqual({ manifest, targets: [] });
    expect(packageMapOf('victim/policy', from)).toEqual({ manifest, targets: [path.join(root, 'lib/policy.ts')] });
    expect(packageMapOf('victim', from)).toEqual({ manifest, targets: [path.join(root, 'index.ts')] });
    expect(packageMapOf('zod', from)).toBeUndefined();
    expect(packageMapOf('codev/plugin', from)).toBeUndefined();
  });
});
