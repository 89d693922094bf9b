import { mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { codevDependency, fileSpec, givenCodevDependency } from './codev-dependency.ts';

describe('codevDependency', () => {
  it('a codev run from its checkout is linked with file:, as no published version need exist', () => {
    expect(codevDependency({ origin: { kind: 'checkout', path: '/work/codev' }, target: '/home/me/app' }).spec).toBe('file:/work/codev');
    expect(codevDependency({ origin: { kind: 'checkout', path: '/work/codev' }, target: '/work/app' }).spec).toBe('file:../codev');
  });

  it('a codev installed from a tarball is linked to that tarball, relative when it is near the project', () => {
    const origin = { kind: 'file', path: '/home/me/downloads/codev-0.1.0.tgz', lockFile: '/home/me/x/node_modules/.package-lock.json' } as const;
    expect(codevDependency({ origin, target: '/home/me/downloads/app' }).spec).toBe('file:../codev-0.1.0.tgz');
    expect(codevDependency({ origin, target: '/home/me/downloads' }).spec).toBe('file:codev-0.1.0.tgz');
    expect(codevDependency({ origin, target: '/srv/projects/team/app' }).spec).toBe('file:/home/me/downloads/codev-0.1.0.tgz');
    expect(codevDependency({ origin, target: '/home/me/downloads/app' }).why).toContain('/home/me/x/node_modules/.package-lock.json');
  });

  it('a registry install is a range of its version; an unknown one too; another recorded spec is kept as it is', () => {
    expect(codevDependency({ origin: { kind: 'registry', version: '0.4.1', lockFile: 'l' }, target: '/a' }).spec).toBe('^0.4.1');
    expect(codevDependency({ origin: { kind: 'unknown', version: '1.0.0' }, target: '/a' }).spec).toBe('^1.0.0');
    const git = 'git+ssh://git@github.com/me/codev.git#0123456789abcdef0123456789abcdef01234567';
    expect(codevDependency({ origin: { kind: 'other', spec: git, lockFile: 'l' }, target: '/a' }).spec).toBe(git);
  });

  it('fileSpec climbs at most two folders before it writes an absolute path', () => {
    expect(fileSpec('/a/b/codev', '/a/b/c/d')).toBe('file:../../codev');
    expect(fileSpec('/a/codev', '/a/b/c/d')).toBe('file:/a/codev');
  });
});

describe('givenCodevDependency', () => {
  it('writes any npm spec as given and refuses what cannot be one (CLI_USAGE)', () => {
    for (const spec of ['^0.1.0', '0.1.0', 'file:../codev-0.1.0.tgz', '../codev-0.1.0.tgz', 'github:me/codev', 'git+https://example.com/codev.git#v1', 'latest']) {
      expect(givenCodevDependency({ spec, target: '/' }).spec).toBe(spec);
    }
    expect(givenCodevDependency({ spec: '^0.1.0', target: '/' }).why).toBe('given with --codev');
    expect(givenCodevDependency({ spec: 'file:../codev-0.1.0.tgz', target: '/nowhere/app' }).why).toContain('/nowhere/codev-0.1.0.tgz, which does not exist');
    for (const spec of ['', 'a b', '--force', 'x\ny']) expect(() => givenCodevDependency({ spec, target: '/' })).toThrow(expect.objectContaining({ code: 'CLI_USAGE' }));
  });

  it('a spec npm reads with spaces in it is written as given: a local path in a folder with a space, a range of several comparators', () => {
    for (const spec of ['file:../my codev/codev-0.1.0.tgz', '../my codev/codev-0.1.0.tgz', '/home/me/My Downloads/codev-0.1.0.tgz', '>=0.1.0 <0.2.0', '^0.1.0 || ^0.2.0', '0.1.0 - 0.2.x']) {
      expect(givenCodevDependency({ spec, target: '/' }).spec).toBe(spec);
    }
    for (const spec of ['  ', '^0.1.0 || evil', 'latest tag']) expect(() => givenCodevDependency({ spec, target: '/' })).toThrow(expect.objectContaining({ code: 'CLI_USAGE' }));
  });

  it('a local path typed on the command line is read from where codev init runs, and written as npm reads it from the project', () => {
    const here = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'codev-given-')));
    writeFileSync(path.join(here, 'codev-0.1.0.tgz'), '');
    const target = path.join(here, 'my-agent');
    for (const spec of ['./codev-0.1.0.tgz', 'file:codev-0.1.0.tgz', 'file:./codev-0.1.0.tgz']) {
      expect(givenCodevDependency({ spec, target, cwd: here })).toMatchObject({ spec: 'file:../codev-0.1.0.tgz' });
    }
    // Written for the project already (it exists from there, not from here): kept as given.
    expect(givenCodevDependency({ spec: '../codev-0.1.0.tgz', target, cwd: '/' }).spec).toBe('../codev-0.1.0.tgz');
  });
});
