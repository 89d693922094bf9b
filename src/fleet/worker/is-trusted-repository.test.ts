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

describe('isTrustedRepository against names that end a host or a path early', () => {
  it("never lets * or ? cross a URL's : or @, so a glob of hosts cannot match another host", () => {
    expect(isTrustedRepository({ repo: 'git@evil.test:x.corp.test:team/app', trusted: ['git@*.corp.test:team/*'] })).toBe(false);
    expect(isTrustedRepository({ repo: 'https://evil.test:443@x.corp.test/team/app', trusted: ['https://*.corp.test/team/*'] })).toBe(false);
    expect(isTrustedRepository({ repo: 'git@evil.test:x.corp.test:team/app', trusted: ['git@**.corp.test:team/**'] })).toBe(false);
    expect(isTrustedRepository({ repo: 'git@build.corp.test:team/app', trusted: ['git@*.corp.test:team/*'] })).toBe(true);
    expect(isTrustedRepository({ repo: 'https://build.corp.test/team/app.git', trusted: ['https://*.corp.test/team/*'] })).toBe(true);
  });

  it('trusts a name with a ? or # (a query or fragment git or curl cut off), a backslash, a space or a control character only by the very same pattern', () => {
    expect(isTrustedRepository({ repo: 'https://evil.test#.corp.test/team/app', trusted: ['https://*.corp.test/team/*'] })).toBe(false);
    expect(isTrustedRepository({ repo: 'https://evil.test?.corp.test/team/app', trusted: ['https://*.corp.test/team/*'] })).toBe(false);
    expect(isTrustedRepository({ repo: 'https://github.com/acme/..?', trusted: ['https://github.com/acme/*'] })).toBe(false);
    expect(isTrustedRepository({ repo: 'https://github.com/acme/x/..#', trusted: ['https://github.com/acme/**'] })).toBe(false);
    expect(isTrustedRepository({ repo: 'https://github.com/acme/app\ngit@evil.test:x', trusted: ['https://github.com/acme/**'] })).toBe(false);
    expect(isTrustedRepository({ repo: 'https://github.com/acme/app ', trusted: ['https://github.com/acme/*'] })).toBe(false);
    expect(isTrustedRepository({ repo: 'https://github.com/acme/app?x=1', trusted: ['https://github.com/acme/app?x=1'] })).toBe(true);
  });
});
