import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PermissionBehavior } from '../types.ts';
import { matchPathRule } from './match-path-rule.ts';
import { resolvePathVariants } from './resolve-path-variants.ts';

let temporary: string;
let project: string;
let outside: string;

beforeAll(async () => {
  temporary = await realpath(await mkdtemp(path.join(os.tmpdir(), 'codev-path-rule-')));
  project = path.join(temporary, 'proj');
  outside = path.join(temporary, 'outside');
  await mkdir(path.join(project, 'src'), { recursive: true });
  await mkdir(path.join(outside, 'dir'), { recursive: true });
  await writeFile(path.join(outside, 'secret'), 'x');
  await symlink(outside, path.join(project, 'link'));
  await symlink(path.join(outside, 'new-file'), path.join(project, 'dangling'));
  await symlink(path.join(project, 'src'), path.join(outside, 'into-src'));
  await symlink(project, path.join(temporary, 'proj-alias'));
});

afterAll(async () => {
  await rm(temporary, { recursive: true, force: true });
});

async function check(options: { pattern: string; path: string; behavior: PermissionBehavior; cwd?: string }): Promise<boolean> {
  const cwd = options.cwd ?? project;
  const variants = await resolvePathVariants({ path: options.path, cwd, home: temporary });
  return matchPathRule({ pattern: options.pattern, variants, behavior: options.behavior, cwd, root: cwd, home: temporary });
}

describe('matchPathRule with symlinks', () => {
  it('denies through a link when the target matches', async () => {
    expect(await check({ pattern: `/${outside}/**`, path: 'link/secret', behavior: 'deny' })).toBe(true);
    expect(await check({ pattern: `/${outside}/**`, path: 'link/secret', behavior: 'ask' })).toBe(true);
  });

  it('denies by the link name even when the target does not match', async () => {
    expect(await check({ pattern: './link/**', path: 'link/secret', behavior: 'deny' })).toBe(true);
  });

  it('never allows writing through a link to outside the allowed tree', async () => {
    expect(await check({ pattern: './**', path: 'link/secret', behavior: 'allow' })).toBe(false);
    expect(await check({ pattern: './**', path: 'link/brand-new', behavior: 'allow' })).toBe(false);
    expect(await check({ pattern: './**', path: 'dangling', behavior: 'allow' })).toBe(false);
    expect(await check({ pattern: './**', path: 'src/ok.ts', behavior: 'allow' })).toBe(true);
  });

  it('denies a write through a dangling link to a denied target', async () => {
    expect(await check({ pattern: `/${outside}/**`, path: 'dangling', behavior: 'deny' })).toBe(true);
  });

  it('allows only when both names match', async () => {
    const viaLink = path.join(outside, 'into-src', 'a.ts');
    expect(await check({ pattern: './src/**', path: viaLink, behavior: 'allow' })).toBe(false);
    expect(await check({ pattern: `/${outside}/**`, path: viaLink, behavior: 'allow' })).toBe(false);
    expect(await check({ pattern: './src/**', path: viaLink, behavior: 'deny' })).toBe(true);
  });

  it('does not let .. after a link escape lexically', async () => {
    expect(await check({ pattern: './src/**', path: 'src/../link/secret', behavior: 'allow' })).toBe(false);
  });

  it('reads .. after a link beside the target; the name collapsed by hand still meets deny, never allow alone', async () => {
    // link -> outside, so link/../x is <temporary>/x, not <project>/x.
    expect(await check({ pattern: `/${temporary}/x`, path: 'link/../x', behavior: 'deny' })).toBe(true);
    expect(await check({ pattern: './x', path: 'link/../x', behavior: 'deny' })).toBe(true);
    expect(await check({ pattern: './**', path: 'link/../x', behavior: 'allow' })).toBe(false);
    expect(await check({ pattern: `/${temporary}/x`, path: 'link/../x', behavior: 'allow' })).toBe(false);
  });
});

describe('matchPathRule with a symlinked cwd', () => {
  it('allows inside the cwd when the real anchors are supplied', async () => {
    const cwd = path.join(temporary, 'proj-alias');
    const variants = await resolvePathVariants({ path: 'src/a.ts', cwd, home: temporary });
    const base = { pattern: './**', variants, behavior: 'allow' as const, cwd, root: cwd, home: temporary };
    expect(matchPathRule(base)).toBe(false);
    expect(matchPathRule({ ...base, realAnchors: { cwd: project, root: project, home: temporary } })).toBe(true);
  });

  it('denies a link into the real cwd when the real anchors are supplied', async () => {
    const cwd = path.join(temporary, 'proj-alias');
    const variants = await resolvePathVariants({ path: path.join(outside, 'into-src', 'a.ts'), cwd, home: temporary });
    const base = { pattern: './src/**', variants, behavior: 'deny' as const, cwd, root: cwd, home: temporary };
    expect(matchPathRule(base)).toBe(false);
    expect(matchPathRule({ ...base, realAnchors: { cwd: project, root: project, home: temporary } })).toBe(true);
  });
});
