import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findCodevOrigin } from './find-codev-origin.ts';

const temps: string[] = [];
afterAll(() => {
  for (const directory of temps) rmSync(directory, { recursive: true, force: true });
});

/**
 * A project with codev installed as npm 11 leaves it: `node_modules/codev/` and the hidden lock
 * `node_modules/.package-lock.json` whose entry `node_modules/codev` has the `resolved` given (relative to the
 * project for a `file:` one). The entries are copied from real installs (`npm i ../codev-0.1.0.tgz`, npx).
 */
function installed(resolved: string | undefined, lock = 'node_modules/.package-lock.json'): string {
  const project = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'codev-origin-')));
  temps.push(project);
  const root = path.join(project, 'node_modules/codev');
  mkdirSync(root, { recursive: true });
  const entry = { version: '0.1.0', ...(resolved === undefined ? {} : { resolved }), integrity: 'sha512-x', license: 'MIT', bin: { codev: 'bin/codev.mjs' } };
  writeFileSync(path.join(project, lock), JSON.stringify({ name: 'p', lockfileVersion: 3, requires: true, packages: { 'node_modules/codev': entry } }));
  return root;
}

describe('findCodevOrigin', () => {
  it('without an npm lock (yarn, pnpm), the project\'s package.json says what it asked for', async () => {
    const root = installed(undefined, 'unused-lock.json');
    const project = path.dirname(path.dirname(root));
    writeFileSync(path.join(project, 'package.json'), JSON.stringify({ devDependencies: { codev: 'file:vendor/codev-0.1.0.tgz' } }));
    expect(await findCodevOrigin({ root, version: '0.1.0' })).toEqual({ kind: 'file', path: path.join(project, 'vendor/codev-0.1.0.tgz'), lockFile: path.join(project, 'package.json') });
    writeFileSync(path.join(project, 'package.json'), JSON.stringify({ dependencies: { codev: 'github:me/codev#v0.1.0' } }));
    expect(await findCodevOrigin({ root, version: '0.1.0' })).toMatchObject({ kind: 'other', spec: 'github:me/codev#v0.1.0' });
  });

  it('a codev outside any node_modules is a checkout', async () => {
    expect(await findCodevOrigin({ root: '/work/codev', version: '0.1.0' })).toEqual({ kind: 'checkout', path: '/work/codev' });
  });

  it('a tarball install (npm i ../codev-0.1.0.tgz) is found in the hidden lock, resolved against the project', async () => {
    const root = installed('file:../codev-0.1.0.tgz');
    const project = path.dirname(path.dirname(root));
    expect(await findCodevOrigin({ root, version: '0.1.0' })).toEqual({ kind: 'file', path: path.resolve(project, '../codev-0.1.0.tgz'), lockFile: path.join(project, 'node_modules/.package-lock.json') });
  });

  it('npx keeps its own lock in its cache folder, with the path climbing out of it', async () => {
    const root = installed('file:../../../../tmp/i32/codev-0.1.0.tgz');
    const project = path.dirname(path.dirname(root));
    expect(await findCodevOrigin({ root, version: '0.1.0' })).toMatchObject({ kind: 'file', path: path.resolve(project, '../../../../tmp/i32/codev-0.1.0.tgz') });
  });

  it('package-lock.json is read when the hidden lock is missing', async () => {
    const root = installed('file:codev-0.1.0.tgz', 'package-lock.json');
    expect(await findCodevOrigin({ root, version: '0.1.0' })).toMatchObject({ kind: 'file', path: path.join(path.dirname(path.dirname(root)), 'codev-0.1.0.tgz') });
  });

  it('a registry tarball URL is a registry install; another URL is kept; no lock or no resolved is unknown', async () => {
    expect(await findCodevOrigin({ root: installed('https://registry.npmjs.org/codev/-/codev-0.1.0.tgz'), version: '0.1.0' })).toMatchObject({ kind: 'registry', version: '0.1.0' });
    expect(await findCodevOrigin({ root: installed('https://example.com/builds/codev.tgz'), version: '0.1.0' })).toMatchObject({ kind: 'other', spec: 'https://example.com/builds/codev.tgz' });
    expect(await findCodevOrigin({ root: installed(undefined), version: '0.1.0' })).toEqual({ kind: 'unknown', version: '0.1.0' });
    // A project's package.json asking for a range says nothing about where the package came from.
    const ranged = installed(undefined);
    writeFileSync(path.join(ranged, '../../package.json'), JSON.stringify({ dependencies: { codev: '^0.1.0' } }));
    expect(await findCodevOrigin({ root: ranged, version: '0.1.0' })).toEqual({ kind: 'unknown', version: '0.1.0' });
    expect(await findCodevOrigin({ root: '/nowhere/node_modules/codev', version: '0.2.0' })).toEqual({ kind: 'unknown', version: '0.2.0' });
  });
});
