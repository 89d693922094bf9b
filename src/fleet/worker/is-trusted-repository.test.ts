import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isTrustedRepository } from './is-trusted-repository.ts';

describe('isTrustedRepository', () => {
  it('trusts nothing by default', () => {
    expect(isTrustedRepository({ repo: 'git@github.com:acme/app.git', trusted: [] })).toBe(false);
  });

  it('trusts a repository named exactly, or by a glob of its name (* within one path segment, ** across)', () => {
    expect(isTrustedRepository({ repo: 'git@github.com:acme/app.git', trusted: ['git@github.com:acme/app.git'] })).toBe(true);
    expect(isTrustedRepository({ repo: 'git@github.com:acme/app.git', trusted: ['git@github.com:acme/*'] })).toBe(true);
    expect(isTrustedRepository({ repo: 'https://github.com/acme/team/app', trusted: ['https://github.com/acme/*'] })).toBe(false);
    expect(isTrustedRepository({ repo: 'https://github.com/acme/team/app', trusted: ['https://github.com/acme/**'] })).toBe(true);
    expect(isTrustedRepository({ repo: 'git@github.com:acme-evil/app.git', trusted: ['git@github.com:acme/*'] })).toBe(false);
    expect(isTrustedRepository({ repo: 'git@github.com:acme/app.git', trusted: ['git@github.com:acme/app'] })).toBe(false);
  });

  it('names a local repository by its absolute path', () => {
    expect(isTrustedRepository({ repo: '/srv/repos/app', trusted: ['/srv/repos/*'] })).toBe(true);
    expect(isTrustedRepository({ repo: 'repos/app', trusted: [path.resolve('repos/app')] })).toBe(true);
    expect(isTrustedRepository({ repo: '/srv/other/app', trusted: ['/srv/repos/*'] })).toBe(false);
  });

  it('never lets a glob match a name the OS or a server would resolve to something else: a . or .. segment, a % escape', () => {
    expect(isTrustedRepository({ repo: '/srv/repos/link/../app', trusted: ['/srv/repos/**'] })).toBe(false);
    expect(isTrustedRepository({ repo: '/srv/repos/link/../app', trusted: ['/srv/repos/app'] })).toBe(false);
    expect(isTrustedRepository({ repo: 'https://github.com/acme/..', trusted: ['https://github.com/acme/*'] })).toBe(false);
    expect(isTrustedRepository({ repo: 'https://github.com/acme/%2e%2e/evil', trusted: ['https://github.com/acme/**'] })).toBe(false);
  });
});
