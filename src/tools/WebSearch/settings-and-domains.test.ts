import { describe, expect, it } from 'vitest';
import { filterByDomains, hostMatchesDomain, normalizeDomain } from './domains.ts';
import { DEFAULT_SEARXNG_URL, DEFAULT_TAVILY_BASE_URL, DEFAULT_WEB_SEARCH_TIMEOUT_MS, endpoint, readSearchSettings } from './settings.ts';

describe('readSearchSettings', () => {
  it('chooses Tavily when TAVILY_API_KEY is set, else SearXNG, with defaults', () => {
    expect(readSearchSettings({ TAVILY_API_KEY: ' tvly-x ' })).toEqual({ backend: 'tavily', apiKey: 'tvly-x', baseUrl: DEFAULT_TAVILY_BASE_URL, timeoutMs: DEFAULT_WEB_SEARCH_TIMEOUT_MS });
    expect(readSearchSettings({})).toEqual({ backend: 'searxng', baseUrl: DEFAULT_SEARXNG_URL, timeoutMs: DEFAULT_WEB_SEARCH_TIMEOUT_MS });
    expect(readSearchSettings({ TAVILY_API_KEY: '' }).backend).toBe('searxng');
  });

  it('reads base URLs and the timeout', () => {
    expect(readSearchSettings({ TAVILY_API_KEY: 'k', TAVILY_BASE_URL: 'http://127.0.0.1:9/', CODEV_WEB_SEARCH_TIMEOUT_MS: '500' })).toMatchObject({ baseUrl: 'http://127.0.0.1:9', timeoutMs: 500 });
    expect(readSearchSettings({ SEARXNG_URL: 'https://search.example.org/searx/' }, { timeoutMs: 50 })).toMatchObject({ baseUrl: 'https://search.example.org/searx', timeoutMs: 50 });
    expect(() => readSearchSettings({ CODEV_WEB_SEARCH_TIMEOUT_MS: 'soon' })).toThrow('CODEV_WEB_SEARCH_TIMEOUT_MS must be a positive number');
    expect(() => readSearchSettings({ SEARXNG_URL: 'ftp://x' })).toThrow('SEARXNG_URL must be an http(s) URL');
  });

  it('builds endpoints under a path prefix', () => {
    expect(endpoint('https://h/searx', '/search').href).toBe('https://h/searx/search');
    expect(endpoint('https://api.tavily.com', '/search').href).toBe('https://api.tavily.com/search');
  });
});

describe('domains', () => {
  it('normalizes what the model writes', () => {
    expect(normalizeDomain('https://Docs.Example.com:443/path?x')).toBe('docs.example.com');
    expect(normalizeDomain('*.example.com.')).toBe('example.com');
    expect(normalizeDomain('例子.中国')).toBe('xn--fsqu00a.xn--fiqs8s');
  });

  it('matches the exact host or a subdomain after a dot only', () => {
    expect(hostMatchesDomain('example.com', 'example.com')).toBe(true);
    expect(hostMatchesDomain('a.b.example.com', 'example.com')).toBe(true);
    expect(hostMatchesDomain('notexample.com', 'example.com')).toBe(false);
    expect(hostMatchesDomain('example.com.evil.net', 'example.com')).toBe(false);
    expect(hostMatchesDomain('example.com', 'docs.example.com')).toBe(false);
  });

  it('filters lists', () => {
    const items = ['https://example.com/', 'https://notexample.com/', 'https://EXAMPLE.com./x', 'not a url'].map((url) => ({ url }));
    expect(filterByDomains(items, { allowed: ['example.com'] }).map((item) => item.url)).toEqual(['https://example.com/', 'https://EXAMPLE.com./x']);
    expect(filterByDomains(items, { blocked: ['example.com'] }).map((item) => item.url)).toEqual(['https://notexample.com/', 'not a url']);
  });
});
