import { describe, expect, it } from 'vitest';
import { matchDomainRule, validateDomainRule } from './match-domain.ts';

describe('matchDomainRule', () => {
  it('requires the domain: prefix', () => {
    expect(matchDomainRule('example.com', 'https://example.com/')).toBe(false);
    expect(matchDomainRule('Domain:example.com', 'https://example.com/')).toBe(false);
    expect(matchDomainRule('domain:', 'https://example.com/')).toBe(false);
  });

  it('matches the exact host only', () => {
    expect(matchDomainRule('domain:example.com', 'https://example.com/docs')).toBe(true);
    expect(matchDomainRule('domain:example.com', 'https://www.example.com/')).toBe(false);
    expect(matchDomainRule('domain:example.com', 'https://evilexample.com/')).toBe(false);
    expect(matchDomainRule('domain:example.com', 'https://example.com.evil.com/')).toBe(false);
    expect(matchDomainRule('domain:example.com', 'https://example.co/')).toBe(false);
  });

  it('*.domain matches subdomains at any depth but not the apex or lookalikes', () => {
    expect(matchDomainRule('domain:*.example.com', 'https://a.example.com/')).toBe(true);
    expect(matchDomainRule('domain:*.example.com', 'https://a.b.c.example.com/')).toBe(true);
    expect(matchDomainRule('domain:*.example.com', 'https://example.com/')).toBe(false);
    expect(matchDomainRule('domain:*.example.com', 'https://evilexample.com/')).toBe(false);
    expect(matchDomainRule('domain:*.example.com', 'https://a.example.com.evil.com/')).toBe(false);
  });

  it('domain:* matches any host', () => {
    expect(matchDomainRule('domain:*', 'https://anything.example/')).toBe(true);
    expect(matchDomainRule('domain:*', 'http://127.0.0.1:8080/')).toBe(true);
    expect(matchDomainRule('domain:*', 'not a url')).toBe(false);
  });

  it('a * in another position matches exactly one label', () => {
    expect(matchDomainRule('domain:example.*', 'https://example.com/')).toBe(true);
    expect(matchDomainRule('domain:example.*', 'https://example.org/')).toBe(true);
    expect(matchDomainRule('domain:example.*', 'https://example.evil.com/')).toBe(false);
    expect(matchDomainRule('domain:example.*', 'https://example/')).toBe(false);
    expect(matchDomainRule('domain:api.*.example.com', 'https://api.eu.example.com/')).toBe(true);
    expect(matchDomainRule('domain:api.*.example.com', 'https://api.a.b.example.com/')).toBe(false);
  });

  it('is case-insensitive and strips trailing dots on both sides', () => {
    expect(matchDomainRule('domain:Example.COM', 'https://EXAMPLE.com/')).toBe(true);
    expect(matchDomainRule(' domain: example.com ', 'https://example.com/')).toBe(true);
    expect(matchDomainRule('domain:example.com', 'https://example.com./')).toBe(true);
    expect(matchDomainRule('domain:example.com.', 'https://example.com/')).toBe(true);
    expect(matchDomainRule('domain:*.example.com', 'https://A.EXAMPLE.COM./')).toBe(true);
  });

  it('compares the parsed host: userinfo, ports and backslashes cannot fake it', () => {
    expect(matchDomainRule('domain:example.com', 'http://example.com@evil.com/')).toBe(false);
    expect(matchDomainRule('domain:evil.com', 'http://example.com@evil.com/')).toBe(true);
    expect(matchDomainRule('domain:example.com', 'http://user:pass@example.com:8443/x')).toBe(true);
    expect(matchDomainRule('domain:example.com', 'http://evil.com\\@example.com/')).toBe(false);
    expect(matchDomainRule('domain:example.com', 'http://evil.com#@example.com/')).toBe(false);
    expect(matchDomainRule('domain:example.com', 'http://evil.com?@example.com/')).toBe(false);
    expect(matchDomainRule('domain:example.com', 'https://evil.com/?u=https://example.com/')).toBe(false);
  });

  it('compares IDNs as punycode and IPv4 in canonical form', () => {
    expect(matchDomainRule('domain:bücher.de', 'https://xn--bcher-kva.de/')).toBe(true);
    expect(matchDomainRule('domain:xn--bcher-kva.de', 'https://BÜCHER.de/')).toBe(true);
    expect(matchDomainRule('domain:apple.com', 'https://аpple.com/')).toBe(false);
    expect(matchDomainRule('domain:127.0.0.1', 'http://2130706433/')).toBe(true);
    expect(matchDomainRule('domain:127.0.0.1', 'http://0x7f.1/')).toBe(true);
    expect(matchDomainRule('domain:[::1]', 'http://[0:0::1]:3000/')).toBe(true);
  });

  it('compares an IPv4-mapped IPv6 host as its IPv4 address, in the URL and in the rule', () => {
    for (const url of ['http://[::ffff:127.0.0.1]/', 'http://[::ffff:7f00:1]:8080/', 'http://[0:0:0:0:0:ffff:127.0.0.1]/', 'http://[::FFFF:127.0.0.1]/']) {
      expect(matchDomainRule('domain:127.0.0.1', url), url).toBe(true);
    }
    expect(matchDomainRule('domain:[::ffff:127.0.0.1]', 'http://127.0.0.1/')).toBe(true);
    expect(matchDomainRule('domain:10.0.0.1', 'http://[::ffff:a00:1]/')).toBe(true);
    expect(matchDomainRule('domain:127.0.0.1', 'http://[::ffff:a00:1]/')).toBe(false);
  });

  it('with aliases, any loopback spelling matches a rule naming another (deny and ask rules)', () => {
    for (const url of ['http://0.0.0.0:3000/', 'http://localhost/', 'http://127.0.0.2/', 'http://app.localhost/', 'http://[::1]/', 'http://[::]:80/', 'http://127.1/']) {
      expect(matchDomainRule('domain:127.0.0.1', url, { aliases: true }), url).toBe(true);
      expect(matchDomainRule('domain:127.0.0.1', url), url).toBe(url === 'http://127.1/');
    }
    expect(matchDomainRule('domain:localhost', 'http://[::ffff:127.0.0.1]/', { aliases: true })).toBe(true);
    expect(matchDomainRule('domain:127.0.0.1', 'http://example.com/', { aliases: true })).toBe(false);
  });

  it('never matches URLs without a host or invalid patterns', () => {
    expect(matchDomainRule('domain:example.com', 'file:///etc/passwd')).toBe(false);
    expect(matchDomainRule('domain:example.com', 'example.com')).toBe(false);
    expect(matchDomainRule('domain:https://example.com', 'https://example.com/')).toBe(false);
    expect(matchDomainRule('domain:example.com/path', 'https://example.com/path')).toBe(false);
    expect(matchDomainRule('domain:example.com:443', 'https://example.com/')).toBe(false);
    expect(matchDomainRule('domain:a..b', 'https://a..b/')).toBe(false);
  });
});

describe('matchDomainRule and Unicode forms', () => {
  it('compares hosts after IDNA mapping: NFC, NFD and full-width spellings are one host', () => {
    expect(matchDomainRule('domain:caf\u00e9.test', 'http://cafe\u0301.test/')).toBe(true);
    expect(matchDomainRule('domain:cafe\u0301.test', 'http://caf\u00e9.test/')).toBe(true);
    expect(matchDomainRule('domain:\uff45\uff58\uff41\uff4d\uff50\uff4c\uff45.test', 'http://example.test/')).toBe(true);
    expect(matchDomainRule('domain:example.test', 'http://\uff45\uff58\uff41\uff4d\uff50\uff4c\uff45.test/')).toBe(true);
  });
});

describe('validateDomainRule', () => {
  it('accepts domain patterns', () => {
    for (const content of ['domain:example.com', 'domain:*.example.com', 'domain:*', 'domain:example.*', 'domain:[::1]']) {
      expect(validateDomainRule(content), content).toBeUndefined();
    }
  });

  it('warns about content that matches nothing', () => {
    for (const content of ['example.com', 'domain:', 'domain:https://x.com', 'domain:x.com/a', 'domain:x.com:80', 'domain:a b']) {
      expect(validateDomainRule(content), content).toEqual(expect.any(String));
    }
  });
});
