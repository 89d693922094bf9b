import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolvePathVariants, toLexicalPath } from './resolve-path-variants.ts';

describe('toLexicalPath', () => {
  const base = { cwd: '/proj', home: '/home/u' };
  it('expands a leading ~ and ~/ only', () => {
    expect(toLexicalPath({ ...base, path: '~' })).toBe('/home/u');
    expect(toLexicalPath({ ...base, path: '~/.ssh/id_rsa' })).toBe('/home/u/.ssh/id_rsa');
    expect(toLexicalPath({ ...base, path: '~other/x' })).toBe('/proj/~other/x');
    expect(toLexicalPath({ ...base, path: 'a/~/b' })).toBe('/proj/a/~/b');
  });

  it('makes paths absolute against the cwd and normalizes . and ..', () => {
    expect(toLexicalPath({ ...base, path: 'src/./a/../b.ts' })).toBe('/proj/src/b.ts');
    expect(toLexicalPath({ ...base, path: '../../../etc/passwd' })).toBe('/etc/passwd');
    expect(toLexicalPath({ ...base, path: '/a//b/' })).toBe('/a/b');
    expect(toLexicalPath({ ...base, path: '~/../root' })).toBe('/home/root');
  });
});

describe('resolvePathVariants (real symlinks)', () => {
  let temporary: string;
  let project: string;
  let outside: string;

  beforeAll(async () => {
    temporary = await realpath(await mkdtemp(path.join(os.tmpdir(), 'codev-variants-')));
    project = path.join(temporary, 'proj');
    outside = path.join(temporary, 'outside');
    await mkdir(path.join(project, 'src'), { recursive: true });
    await mkdir(outside, { recursive: true });
    await writeFile(path.join(outside, 'secret'), 'x');
    await writeFile(path.join(project, 'src', 'a.ts'), 'x');
    await symlink(outside, path.join(project, 'link'));
    await symlink(path.join(outside, 'secret'), path.join(project, 'file-link'));
    await symlink(path.join(outside, 'not-yet'), path.join(project, 'dangling'));
    await symlink('../outside/relative-target', path.join(project, 'relative-dangling'));
    await symlink(path.join(project, 'dangling'), path.join(project, 'chain'));
  });

  afterAll(async () => {
    await rm(temporary, { recursive: true, force: true });
  });

  const resolve = (input: string) => resolvePathVariants({ path: input, cwd: project, home: temporary });

  it('keeps both names equal for a plain existing file', async () => {
    expect(await resolve('src/a.ts')).toEqual({ lexical: `${project}/src/a.ts`, real: `${project}/src/a.ts` });
  });

  it('resolves a symlinked directory and a symlinked file', async () => {
    expect(await resolve('link/secret')).toEqual({ lexical: `${project}/link/secret`, real: `${outside}/secret` });
    expect((await resolve('file-link')).real).toBe(`${outside}/secret`);
  });

  it('resolves the deepest existing ancestor for a path that does not exist yet', async () => {
    expect((await resolve('link/new-dir/new-file')).real).toBe(`${outside}/new-dir/new-file`);
    expect((await resolve('src/new.ts')).real).toBe(`${project}/src/new.ts`);
  });

  it('follows dangling links to where a write would land, relative targets and chains included', async () => {
    expect((await resolve('dangling')).real).toBe(`${outside}/not-yet`);
    expect((await resolve('relative-dangling')).real).toBe(`${outside}/relative-target`);
    expect((await resolve('chain')).real).toBe(`${outside}/not-yet`);
  });

  it('expands ~ before resolving', async () => {
    expect(await resolve('~/proj/link/secret')).toEqual({ lexical: `${project}/link/secret`, real: `${outside}/secret` });
  });

  it('resolves .. the way the kernel does: beside the link target, the collapsed name kept as written', async () => {
    const variants = await resolve('link/../src/a.ts');
    expect(variants).toEqual({ lexical: `${temporary}/src/a.ts`, real: `${temporary}/src/a.ts`, written: `${project}/src/a.ts` });
    expect(await resolve('src/../src/a.ts')).toEqual({ lexical: `${project}/src/a.ts`, real: `${project}/src/a.ts` });
    // A link above the `..` (a cwd under a linked /tmp) keeps its name when the parent is the same folder.
    await symlink(project, path.join(temporary, 'alias'));
    expect(await resolve(`${temporary}/alias/src/../src/a.ts`)).toEqual({ lexical: `${temporary}/alias/src/a.ts`, real: `${project}/src/a.ts` });
  });

  it('marks a .. after a missing name, a file or a loop as unresolvable', async () => {
    expect((await resolve('missing/../src/a.ts')).unresolvable).toBeDefined();
    expect((await resolve('src/a.ts/../a.ts')).unresolvable).toBeDefined();
    expect((await resolve('src/new/file/../x')).unresolvable).toBeDefined();
    expect((await resolve(`${'src/'.repeat(1100)}../x`)).unresolvable).toBeDefined();
  });

  it('survives a path through a regular file and a symlink loop', async () => {
    await symlink(path.join(project, 'loop-b'), path.join(project, 'loop-a'));
    await symlink(path.join(project, 'loop-a'), path.join(project, 'loop-b'));
    expect((await resolve('src/a.ts/child')).real).toBe(`${project}/src/a.ts/child`);
    expect((await resolve('loop-a')).lexical).toBe(`${project}/loop-a`);
    expect((await resolve('loop-a/../x')).unresolvable).toBeDefined();
  });
});
