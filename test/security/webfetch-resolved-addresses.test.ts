import { spawn } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSandboxAvailable } from '../../src/sandbox/is-sandbox-available.ts';
import { createAddressCheckedFetch } from '../../src/tools/WebFetch/create-address-checked-fetch.ts';
import { ARTICLE_HTML, createTestSite, html, redirect } from '../../src/tools/WebFetch/test-fixtures/test-site.ts';
import { BIN, EMPTY_HOME } from '../cli/run-codev.ts';

/**
 * Class 10 of issue 29: a WebFetch rule that names an address holds for the address the connection is
 * actually made to. Each attack runs the real CLI with its own `/etc/hosts` (bubblewrap binds a file over it,
 * so the real resolver, getaddrinfo, maps the names) against a real server on loopback, and is judged by
 * whether the server received the request.
 */
const HOSTS = ['127.0.0.1 localhost', '127.0.0.1 intranet.test', '127.0.0.1 also-loopback.test', '::1 v6.test', ''].join('\n');
const HANG_GUARD_MS = 30_000;

let site: Awaited<ReturnType<typeof createTestSite>>;
let siteV6: Awaited<ReturnType<typeof createTestSite>> | undefined;
let folder: string;

beforeAll(async () => {
  site = await createTestSite({ '/secret': html(ARTICLE_HTML), '/hop': redirect('/secret') });
  siteV6 = await createTestSite({ '/secret': html(ARTICLE_HTML) }, '::1').catch(() => undefined);
  folder = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'codev-webfetch-hosts-')));
  writeFileSync(path.join(folder, 'hosts'), HOSTS);
  writeFileSync(path.join(folder, 'package.json'), '{"name":"victim","private":true}');
});

afterAll(async () => {
  await site.close();
  await siteV6?.close();
  rmSync(folder, { recursive: true, force: true });
});

/** Runs `argv` in bubblewrap with `hosts` over `/etc/hosts` (killed past HANG_GUARD_MS); its output, parsed by `parse`. */
function runWithHosts<T>(options: { hosts: string; argv: readonly string[]; env: NodeJS.ProcessEnv; parse: (stdout: string) => T; what: string }): Promise<T> {
  const args = ['--dev-bind', '/', '/', '--ro-bind', options.hosts, '/etc/hosts', '--', ...options.argv];
  return new Promise((resolve, reject) => {
    const child = spawn('bwrap', args, { env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const guard = setTimeout(() => child.kill('SIGKILL'), HANG_GUARD_MS);
    child.on('close', () => {
      clearTimeout(guard);
      try {
        resolve(options.parse(stdout));
      } catch {
        reject(new Error(`${options.what} printed no JSON:\n${stdout}\n${stderr}`));
      }
    });
  });
}

/** `codev tool WebFetch` with `/etc/hosts` replaced; the parsed `--json` output. */
function fetchThroughHosts(url: string, rules: readonly string[]): Promise<{ is_error: boolean; error_code?: string; content: unknown }> {
  return runWithHosts({
    hosts: path.join(folder, 'hosts'),
    argv: [process.execPath, BIN, 'tool', 'WebFetch', JSON.stringify({ url, prompt: 'What does it say?' }), '--cwd', folder, '--json', ...rules],
    env: { PATH: process.env.PATH, HOME: EMPTY_HOME, CODEV_FROM_SOURCE: process.env.CODEV_FROM_SOURCE },
    parse: (stdout) => JSON.parse(stdout),
    what: 'codev tool',
  });
}

describe.skipIf(!isSandboxAvailable())('WebFetch rules that name an address hold for the address connected to', () => {
  const attacks = [
    { name: 'a name /etc/hosts maps to 127.0.0.1, past a deny rule naming 127.0.0.1', host: 'intranet.test', rules: ['--allow', 'WebFetch(domain:intranet.test)', '--deny', 'WebFetch(domain:127.0.0.1)'] },
    { name: 'a name /etc/hosts maps to 127.0.0.1, past a deny rule naming localhost', host: 'intranet.test', rules: ['--allow', 'WebFetch(domain:*.test)', '--deny', 'WebFetch(domain:localhost)'] },
    { name: 'a name mapped to loopback, past an ask rule naming 127.0.0.1 in bypassPermissions mode', host: 'also-loopback.test', rules: ['--permission-mode', 'bypassPermissions', '--ask', 'WebFetch(domain:127.0.0.1)'] },
  ];
  for (const attack of attacks) {
    it(`refuses ${attack.name}`, async () => {
      const before = site.connections();
      const output = await fetchThroughHosts(`http://${attack.host}:${site.port}/secret`, attack.rules);
      // Judged by connections, not requests: a name on the network is fetched over https, whose handshake alone reaches the service.
      expect(site.connections()).toBe(before);
      expect(output.is_error).toBe(true);
      expect(output.error_code).toBe('PERMISSION_DENIED');
    });
  }

  it('refuses a name /etc/hosts maps to ::1, past a deny rule naming 127.0.0.1', async (context) => {
    if (!siteV6) return context.skip();
    const output = await fetchThroughHosts(`http://v6.test:${siteV6.port}/secret`, ['--allow', 'WebFetch(domain:v6.test)', '--deny', 'WebFetch(domain:127.0.0.1)']);
    expect(siteV6.connections()).toBe(0);
    expect(output.error_code).toBe('PERMISSION_DENIED');
  });

  // (A name on the network is fetched over https: localhost is the name that stays on http.)
  it('still fetches a name that resolves to an address no rule names', async () => {
    const before = site.hits['/secret'] ?? 0;
    const output = await fetchThroughHosts(`http://localhost:${site.port}/secret`, ['--allow', 'WebFetch(domain:localhost)', '--deny', 'WebFetch(domain:10.0.0.1)']);
    expect(output.is_error).toBe(false);
    expect(JSON.stringify(output.content)).toContain('Tomatoes need full sun');
    expect(site.hits['/secret']).toBe(before + 1);
  });
});

/**
 * Two `codev tool WebFetch` calls in one process (one page cache), with an `/etc/hosts` that maps `localhost`
 * to 127.0.0.2 (a loopback address no loopback alias names, so only the address check at connect time can
 * refuse it; `localhost` is the name WebFetch keeps on http): each call's parsed `--json` output.
 */
function fetchTwiceThroughHosts(url: string, first: readonly string[], second: readonly string[]): Promise<Array<{ is_error: boolean; error_code?: string; content: unknown }>> {
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'test-fixtures', 'fetch-twice.mjs');
  writeFileSync(path.join(folder, 'hosts-127.0.0.2'), '127.0.0.2 localhost\n');
  return runWithHosts({
    hosts: path.join(folder, 'hosts-127.0.0.2'),
    argv: [process.execPath, script, url, folder, JSON.stringify(first), JSON.stringify(second)],
    env: { PATH: process.env.PATH, HOME: EMPTY_HOME },
    parse: (stdout) => stdout.trim().split('\n').map((line) => JSON.parse(line)),
    what: 'the two calls',
  });
}

describe.skipIf(!isSandboxAvailable())('a cached page is served only where its address may be fetched', () => {
  let other: Awaited<ReturnType<typeof createTestSite>>;
  beforeAll(async () => {
    other = await createTestSite({ '/secret': html(ARTICLE_HTML) }, '127.0.0.2');
  });
  afterAll(async () => {
    await other.close();
  });

  it('a page fetched from an address is not served from the cache past a rule, added since, that denies that address', async () => {
    const url = `http://localhost:${other.port}/secret`;
    const [first, second] = await fetchTwiceThroughHosts(url, ['--allow', 'WebFetch(domain:localhost)'], ['--allow', 'WebFetch(domain:localhost)', '--deny', 'WebFetch(domain:127.0.0.2)']);
    expect(first!.is_error).toBe(false);
    expect(JSON.stringify(first!.content)).toContain('Tomatoes need full sun');
    expect(second!.is_error).toBe(true);
    expect(second!.error_code).toBe('PERMISSION_DENIED');
    expect(JSON.stringify(second!.content)).not.toContain('Tomatoes need full sun');
  });

  it('benign: the cached page is still served (no second request) when the rules allow its address', async () => {
    const url = `http://localhost:${other.port}/secret?benign`;
    const before = other.hits['/secret'] ?? 0;
    const [first, second] = await fetchTwiceThroughHosts(url, ['--allow', 'WebFetch(domain:localhost)'], ['--allow', 'WebFetch(domain:localhost)', '--deny', 'WebFetch(domain:10.0.0.1)']);
    expect(JSON.stringify(first!.content)).toContain('Tomatoes need full sun');
    expect(JSON.stringify(second!.content)).toContain('Tomatoes need full sun');
    expect(other.hits['/secret']).toBe(before + 1);
  });
});

describe('the address-checked fetch', () => {
  it('judges the address of every connection: a redirect hop whose name now resolves to a refused address is never requested', async () => {
    const checked: string[] = [];
    let refuse = false;
    const fetch = createAddressCheckedFetch((address, hostname) => {
      checked.push(`${hostname}=${address}`);
      // As after a DNS change between two hops: the answer for the redirect's connection is refused.
      if (refuse) throw Object.assign(new Error('refused'), { code: 'REFUSED_FOR_TEST' });
    });
    const before = site.hits['/secret'] ?? 0;
    const first = await fetch(`http://localhost:${site.port}/hop`, { redirect: 'manual' });
    expect(first.status).toBe(302);
    const checkedBeforeHop = checked.length;
    refuse = true;
    await expect(fetch(new URL(first.headers.get('location')!, `http://localhost:${site.port}/`).href, { redirect: 'manual' })).rejects.toMatchObject({ code: 'REFUSED_FOR_TEST' });
    expect(checkedBeforeHop).toBeGreaterThan(0);
    expect(checked.slice(checkedBeforeHop)).toContain('localhost=127.0.0.1');
    expect(site.hits['/secret'] ?? 0).toBe(before);
  });
});
