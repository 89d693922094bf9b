/**
 * Rules that do nothing, in a WebFetch rule's content: `--deny 'WebFetch(127.0.0.1)'` (no `domain:`), a URL
 * or a host with a port names no domain pattern and matched nothing, so the fetch it was written to stop
 * connected, with only a warning. A deny or ask rule like that is RULE_INVALID before anything runs; an allow
 * rule like that stays a warning (it fails safe: the call asks). Judged by effect: did the server see a connection?
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ARTICLE_HTML, createTestSite, html } from '../../src/tools/WebFetch/test-fixtures/test-site.ts';
import { runCodev } from '../cli/run-codev.ts';

let site: Awaited<ReturnType<typeof createTestSite>>;
const folders: string[] = [];
beforeAll(async () => {
  site = await createTestSite({ '/secret': html(ARTICLE_HTML) });
});
afterAll(async () => {
  await site.close();
});
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function project(files: Record<string, string> = {}): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'codev-webfetch-rules-'));
  folders.push(root);
  for (const [name, text] of Object.entries({ 'package.json': '{"name":"victim","private":true}', ...files })) writeFileSync(path.join(root, name), text);
  return root;
}

function fetchSecret(root: string, flags: string[]) {
  return runCodev(['tool', 'WebFetch', JSON.stringify({ url: `http://127.0.0.1:${site.port}/secret`, prompt: 'What does it say?' }), '--cwd', root, '--json', '--permission-mode', 'bypassPermissions', ...flags], {});
}

describe('a WebFetch deny or ask rule whose content is no domain pattern', () => {
  const contents = () => ['127.0.0.1', `http://127.0.0.1:${site.port}/`, `domain:127.0.0.1:${site.port}`, 'domain:http://127.0.0.1', 'url:http://127.0.0.1'];
  it.each([0, 1, 2, 3, 4])('--deny WebFetch(<content %i>) is RULE_INVALID and nothing is fetched', async (index) => {
    const before = site.connections();
    const run = await fetchSecret(project(), ['--deny', `WebFetch(${contents()[index]})`]);
    expect(site.connections()).toBe(before);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('RULE_INVALID');
    expect(run.stderr).toContain('domain:');
  });

  it('--ask WebFetch(127.0.0.1) is refused too', async () => {
    const before = site.connections();
    const run = await fetchSecret(project(), ['--ask', 'WebFetch(127.0.0.1)']);
    expect(site.connections()).toBe(before);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('RULE_INVALID');
  });

  it('in the config, permissions.deny naming the field', async () => {
    const before = site.connections();
    const run = await fetchSecret(project({ '.codevrc.json': JSON.stringify({ permissions: { deny: ['WebFetch(127.0.0.1)'] } }) }), []);
    expect(site.connections()).toBe(before);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('RULE_INVALID');
    expect(run.stderr).toContain('permissions.deny[0]');
  });
});

describe('ordinary use', () => {
  it('a deny rule written as a domain pattern still holds, and an allow rule that matches nothing is only a warning', async () => {
    const before = site.connections();
    const denied = await fetchSecret(project(), ['--deny', 'WebFetch(domain:127.0.0.1)']);
    expect(JSON.parse(denied.stdout).is_error).toBe(true);
    expect(site.connections()).toBe(before);
    const allowed = await fetchSecret(project(), ['--allow', 'WebFetch(https://example.com)']);
    expect(allowed.code).toBe(0);
    expect(allowed.stderr).toContain('not a domain pattern');
    expect(allowed.stdout).toContain('Tomatoes need full sun');
  });
});
