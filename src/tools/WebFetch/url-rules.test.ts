import { describe, expect, it } from 'vitest';
import { isPermittedRedirect } from './is-permitted-redirect.ts';
import { isLoopbackHost, upgradeUrl } from './upgrade-url.ts';
import { jinaReaderUrl } from './fetch-jina.ts';

describe('upgradeUrl', () => {
  it('upgrades http to https for hosts on the network', () => {
    expect(upgradeUrl('http://example.com/a?b=1')).toBe('https://example.com/a?b=1');
    expect(upgradeUrl('http://docs.example.com:8080/x')).toBe('https://docs.example.com:8080/x');
    expect(upgradeUrl('http://10.0.0.5/')).toBe('https://10.0.0.5/');
  });

  it('keeps http for loopback hosts', () => {
    expect(upgradeUrl('http://127.0.0.1:3000/page')).toBe('http://127.0.0.1:3000/page');
    expect(upgradeUrl('http://localhost:3000/')).toBe('http://localhost:3000/');
    expect(upgradeUrl('http://app.localhost/')).toBe('http://app.localhost/');
    expect(upgradeUrl('http://[::1]:8080/')).toBe('http://[::1]:8080/');
    expect(upgradeUrl('http://127.1.2.3/')).toBe('http://127.1.2.3/');
  });

  it('leaves https alone and drops the fragment', () => {
    expect(upgradeUrl('https://example.com/a#section')).toBe('https://example.com/a');
  });

  it('does not treat look-alike hosts as loopback', () => {
    expect(isLoopbackHost('localhost.evil.com')).toBe(false);
    expect(isLoopbackHost('127.0.0.1.evil.com')).toBe(false);
    expect(upgradeUrl('http://localhost.evil.com/')).toBe('https://localhost.evil.com/');
  });
});

describe('isPermittedRedirect', () => {
  it('follows same-host redirects, http → https upgrades and www. changes', () => {
    expect(isPermittedRedirect('https://example.com/a', 'https://example.com/b')).toBe(true);
    expect(isPermittedRedirect('http://example.com/a', 'https://example.com/a')).toBe(true);
    expect(isPermittedRedirect('https://example.com/', 'https://www.example.com/')).toBe(true);
    expect(isPermittedRedirect('https://www.example.com/', 'https://example.com/')).toBe(true);
  });

  it('reports other hosts, downgrades, port changes and credentials', () => {
    expect(isPermittedRedirect('https://example.com/', 'https://evil.com/')).toBe(false);
    expect(isPermittedRedirect('https://example.com/', 'https://docs.example.com/')).toBe(false);
    expect(isPermittedRedirect('https://example.com/', 'https://example.com.evil.com/')).toBe(false);
    expect(isPermittedRedirect('https://example.com/', 'http://example.com/')).toBe(false);
    expect(isPermittedRedirect('https://example.com/', 'https://example.com:8443/')).toBe(false);
    expect(isPermittedRedirect('https://example.com/', 'https://user:pw@example.com/')).toBe(false);
  });
});

describe('jinaReaderUrl', () => {
  it('appends the target verbatim after the base, without its fragment', () => {
    expect(jinaReaderUrl('https://r.jina.ai', 'https://example.com/a?id=1#top')).toBe('https://r.jina.ai/https://example.com/a?id=1');
    expect(jinaReaderUrl('http://127.0.0.1:9/', 'https://example.com/a b')).toBe('http://127.0.0.1:9/https://example.com/a%20b');
  });
});
