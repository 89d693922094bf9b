import { describe, expect, it } from 'vitest';
import type { PermissionBehavior } from '../types.ts';
import { matchPathPattern } from './match-path-pattern.ts';

/** Far above what the matching takes on any machine, far below what backtracking on these inputs would. */
const HANG_GUARD_MS = 10_000;

const anchors = { cwd: '/proj', root: '/proj/config', home: '/home/u' };
const match = (pattern: string, path: string, behavior: PermissionBehavior = 'deny') =>
  matchPathPattern({ pattern, path, behavior, ...anchors });

describe('matchPathPattern anchors', () => {
  it('// is the filesystem root', () => {
    expect(match('//etc/passwd', '/etc/passwd')).toBe(true);
    expect(match('//etc/**', '/etc/ssh/sshd_config')).toBe(true);
    expect(match('//etc/**', '/proj/etc/x')).toBe(false);
    expect(match('//**', '/anything/at/all', 'allow')).toBe(true);
  });

  it('~ is the home directory', () => {
    expect(match('~/.ssh/**', '/home/u/.ssh/id_rsa')).toBe(true);
    expect(match('~/.ssh/**', '/proj/.ssh/id_rsa')).toBe(false);
    expect(match('~/.zshrc', '/home/u/.zshrc', 'allow')).toBe(true);
    expect(match('~/**', '/home/u/a/b', 'allow')).toBe(true);
    expect(match('~/**', '/home/user2/a', 'allow')).toBe(false);
  });

  it('/path is relative to the settings source root, not the filesystem root', () => {
    expect(match('/src/**', '/proj/config/src/a.ts', 'allow')).toBe(true);
    expect(match('/src/**', '/src/a.ts', 'allow')).toBe(false);
    expect(match('/src/**', '/proj/src/a.ts', 'allow')).toBe(false);
  });

  it('./path and path are relative to the cwd', () => {
    expect(match('./src/**', '/proj/src/a.ts', 'allow')).toBe(true);
    expect(match('src/*.ts', '/proj/src/a.ts', 'allow')).toBe(true);
    expect(match('src/*.ts', '/other/src/a.ts', 'allow')).toBe(false);
    expect(match('./**', '/proj/deep/x', 'allow')).toBe(true);
    expect(match('./**', '/elsewhere/x', 'allow')).toBe(false);
  });
});

describe('matchPathPattern globs', () => {
  it('* stays within one segment for allow, ** spans any depth', () => {
    expect(match('src/*', '/proj/src/a.ts', 'allow')).toBe(true);
    expect(match('src/*', '/proj/src/deep/a.ts', 'allow')).toBe(false);
    expect(match('src/**/*.ts', '/proj/src/a/b/c.ts', 'allow')).toBe(true);
    expect(match('src/**/*.ts', '/proj/src/c.ts', 'allow')).toBe(true);
    expect(match('src/**/*.ts', '/proj/src/c.js', 'allow')).toBe(false);
    expect(match('src/file?.ts', '/proj/src/file1.ts', 'allow')).toBe(true);
    expect(match('src/[ab].ts', '/proj/src/c.ts', 'allow')).toBe(false);
  });

  it('a bare filename matches at any depth', () => {
    expect(match('.env', '/proj/.env', 'allow')).toBe(true);
    expect(match('.env', '/proj/a/b/.env', 'allow')).toBe(true);
    expect(match('.env', '/proj/a/.env.local', 'allow')).toBe(false);
    expect(match('*.pem', '/proj/certs/server.pem')).toBe(true);
    expect(match('.env', '/proj/x/.env')).toBe(match('**/.env', '/proj/x/.env'));
  });

  it('deny/ask any-depth patterns fail closed outside the cwd; allow ones stay inside it', () => {
    expect(match('.env', '/srv/other-project/.env', 'deny')).toBe(true);
    expect(match('.env', '/srv/other-project/.env', 'ask')).toBe(true);
    expect(match('**/.env', '/srv/other-project/.env', 'deny')).toBe(true);
    expect(match('.env', '/srv/other-project/.env', 'allow')).toBe(false);
  });

  it('single-segment directory patterns: allow is <cwd>/dir only, deny/ask any depth', () => {
    expect(match('src/**', '/proj/src/a.ts', 'allow')).toBe(true);
    expect(match('src/**', '/proj/packages/x/src/a.ts', 'allow')).toBe(false);
    expect(match('secrets/**', '/proj/secrets/key')).toBe(true);
    expect(match('secrets/**', '/proj/a/b/secrets/key')).toBe(true);
    expect(match('secrets/', '/proj/a/secrets/key', 'ask')).toBe(true);
    expect(match('secrets/', '/proj/a/secrets/key', 'allow')).toBe(false);
    expect(match('./secrets/**', '/proj/a/secrets/key')).toBe(false);
  });

  it('a directory pattern covers the directory and everything below', () => {
    expect(match('src/', '/proj/src', 'allow')).toBe(true);
    expect(match('src/', '/proj/src/a/b/c', 'allow')).toBe(true);
    expect(match('src/**', '/proj/src', 'allow')).toBe(true);
    expect(match('//tmp/', '/tmp/x/y', 'allow')).toBe(true);
  });

  it('deny also covers everything below a matched path (gitignore semantics)', () => {
    expect(match('secrets', '/proj/secrets/key')).toBe(true);
    expect(match('src/*', '/proj/src/deep/a.ts')).toBe(true);
    expect(match('secrets', '/proj/secrets/key', 'allow')).toBe(false);
  });
});

describe('matchPathPattern adversarial paths', () => {
  it('contains by segment, never by string prefix', () => {
    expect(match('./src/**', '/proj/src-evil/x', 'allow')).toBe(false);
    expect(match('./src/**', '/proj/srcx', 'allow')).toBe(false);
    expect(match('//proj/src/**', '/proj/src-evil/x')).toBe(false);
    expect(match('~/**', '/home/u2/x', 'allow')).toBe(false);
    expect(match('./**', '/proj-evil/x', 'allow')).toBe(false);
  });

  it('normalizes .. and . in the path before matching', () => {
    expect(match('./src/**', '/proj/src/../secrets/x', 'allow')).toBe(false);
    expect(match('./src/**', '/proj/src/./a/../b', 'allow')).toBe(true);
    expect(match('./**', '/proj/../etc/passwd', 'allow')).toBe(false);
    expect(match('//etc/**', '/proj/../etc/passwd')).toBe(true);
    expect(match('./src/**', 'src/../../etc/passwd', 'allow')).toBe(false);
  });

  it('ignores double and trailing slashes in path and pattern', () => {
    expect(match('./src/**', '/proj//src///a.ts', 'allow')).toBe(true);
    expect(match('./src//*.ts', '/proj/src/a.ts', 'allow')).toBe(true);
    expect(match('//etc//shadow', '/etc/shadow/')).toBe(true);
    expect(match('./src/**', '/proj/src/', 'allow')).toBe(true);
  });

  it('treats a literal ~ inside a path as a name, not home', () => {
    expect(match('~/secret', '/proj/~/secret')).toBe(false);
    expect(match('./~/x', '/proj/~/x', 'allow')).toBe(true);
  });

  it('resolves .. in the literal part of a pattern', () => {
    expect(match('../shared/**', '/shared/x', 'allow')).toBe(true);
    expect(match('./a/../b/**', '/proj/b/x', 'allow')).toBe(true);
    expect(match('./a/../b/**', '/proj/a/x', 'allow')).toBe(false);
  });

  it('matches escaped glob characters literally', () => {
    expect(match('./\\*.txt', '/proj/*.txt', 'allow')).toBe(true);
    expect(match('./\\*.txt', '/proj/a.txt', 'allow')).toBe(false);
  });

  it('never matches an empty pattern', () => {
    expect(match('', '/proj/x')).toBe(false);
    expect(match('   ', '/proj/x')).toBe(false);
  });

  it('stays fast on very deep paths', () => {
    const deep = `/proj/${'a/'.repeat(5_000)}b`;
    const started = performance.now();
    expect(match('**/a/**/a/**/c', deep)).toBe(false);
    // A guard against backtracking, not a speed test: linear matching takes milliseconds, backtracking hours.
    expect(performance.now() - started).toBeLessThan(HANG_GUARD_MS);
  });
});

describe('matchPathPattern and Unicode forms', () => {
  const nfc = 'caf\u00e9.txt';
  const nfd = 'cafe\u0301.txt';
  it('deny and ask match the name in the other form, composed or decomposed, and in full-width letters', () => {
    expect(match(nfc, `/proj/${nfd}`)).toBe(true);
    expect(match(nfd, `/proj/${nfc}`, 'ask')).toBe(true);
    expect(match('donn\u00e9es/**', '/proj/donne\u0301es/k')).toBe(true);
    expect(match('\uff53\uff45\uff43\uff52\uff45\uff54.txt', '/proj/secret.txt')).toBe(true);
  });

  it('allow stays exact, and an accent still makes another name', () => {
    expect(match(nfc, `/proj/${nfd}`, 'allow')).toBe(false);
    expect(match(nfc, `/proj/${nfc}`, 'allow')).toBe(true);
    expect(match(nfc, '/proj/cafe.txt')).toBe(false);
  });
});
