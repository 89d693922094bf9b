/**
 * A hostile transcript (a prompt, replies, tool inputs and results, file paths, todos, a plugin tool's name and
 * description, all carrying HTML, script, `javascript:` URLs, SVG and `</title>`) rendered by the real page in
 * real chromium: nothing of it becomes markup (no element, no handler attribute, no `javascript:` link), the CSP
 * never has to refuse anything (it would be the second wall only), and the text is shown as text.
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createAgent } from '../../src/agent/create-agent.ts';
import { createTestKernel, type TestKernel } from '../../src/testing/create-test-kernel.ts';
import { createFakeMessagesServer } from '../../src/testing/fake-messages-server/create-fake-messages-server.ts';
import { textReply, toolUseReply, type FakeReply } from '../../src/testing/fake-messages-server/fake-reply.ts';
import { buildTool, withToolSource } from '../../src/tool/build-tool.ts';
import { todoWriteTool } from '../../src/tools/TodoWrite/index.ts';
import { writeTool } from '../../src/tools/Write/index.ts';
import { serveUi, type UiServer } from '../../src/ui/server/serve-ui.ts';
import { launchTestChromium, type TestChromium } from './test-fixtures/launch-test-chromium.ts';

const PAGE = path.resolve('dist/ui/page');
const EVIL = `</title><script>window.__pwned=1</script><img src=x onerror="window.__pwned=2"><svg onload="window.__pwned=3"></svg><a href="javascript:window.__pwned=4">x</a>\u202Eevil`;
const EVIL_NAME = 'Evil<img_src=x_onerror=alert(1)>';

const evilTool = withToolSource(
  buildTool({ name: 'Evil', description: EVIL, inputSchema: z.object({ text: z.string() }), isReadOnly: () => true, maxResultSizeChars: 200, call: () => ({ data: `${EVIL}\n`.repeat(20) }) }),
  { type: 'builtin' },
);

let kernel: TestKernel;
let server: UiServer;
let browser: TestChromium;
let sessionId: string;

beforeAll(async () => {
  kernel = await createTestKernel({ mcp: false, env: {}, baseTools: [writeTool, todoWriteTool], extraTools: [evilTool], allow: ['Write', 'TodoWrite', 'Evil'] });
  const folder = path.join(kernel.root, 'x<img src=x onerror=alert(1)>');
  mkdirSync(folder);
  const replies: FakeReply[] = [
    { content: [{ type: 'thinking', thinking: EVIL }, { type: 'tool_use', id: 'toolu_write', name: 'Write', input: { file_path: path.join(folder, 'a"><script>b.txt'), content: `${EVIL}\n` } }] },
    toolUseReply('TodoWrite', { todos: [{ content: EVIL, status: 'in_progress', activeForm: EVIL }] }, { id: 'toolu_todo' }),
    toolUseReply('Evil', { text: EVIL }, { id: 'toolu_evil' }),
    toolUseReply(EVIL_NAME, { text: EVIL }, { id: 'toolu_<b>x</b>' }),
    textReply(`${EVIL}\n\n[link](javascript:window.__pwned=5) ![i](x" onerror="window.__pwned=6)`),
  ];
  const model = await createFakeMessagesServer({ apiKey: 'test-key', script: (_request, index) => replies[index] ?? textReply(EVIL) });
  try {
    const agent = createAgent({ kernel: kernel.kernel, apiKey: 'test-key', baseURL: model.url, model: EVIL, maxRetries: 0, maxTokens: 4096, checkpoints: false });
    for await (const _event of agent.query(EVIL)) void _event;
    await agent.close();
    sessionId = agent.sessionId!;
  } finally {
    await model.close();
  }
  server = await serveUi({ cwd: kernel.root, env: { PATH: process.env.PATH, HOME: process.env.HOME, CODEV_UI_PAGE_DIR: PAGE } });
  browser = await launchTestChromium();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await kernel?.cleanup();
});

describe('codev ui: a hostile transcript', () => {
  it.skipIf(!existsSync(path.join(PAGE, 'index.html')))('is shown as text on the list, the session, the tools page: no markup, no CSP refusal', { timeout: 120_000 }, async () => {
    const page = await browser.context.newPage();
    await page.addInitScript(() => {
      (window as unknown as { __violations: string[] }).__violations = [];
      document.addEventListener('securitypolicyviolation', (event) => (window as unknown as { __violations: string[] }).__violations.push(`${event.violatedDirective} ${event.blockedURI}`));
    });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(server.loginUrl);
    for (const address of ['/', `/sessions/${encodeURIComponent(sessionId)}`, '/tools']) {
      await page.goto(new URL(address, server.url).href);
      await page.waitForLoadState('networkidle');
      // Open every disclosure, so what is folded renders too.
      await page.evaluate(() => document.querySelectorAll('details').forEach((details) => (details.open = true)));
      await page.waitForTimeout(200);
      const found = await page.evaluate(() => ({
        pwned: (window as unknown as { __pwned?: number }).__pwned,
        violations: (window as unknown as { __violations: string[] }).__violations,
        scripts: [...document.querySelectorAll('script')].filter((script) => !script.src.endsWith('/assets/app.js')).length,
        handlers: [...document.querySelectorAll('*')].filter((element) => [...element.attributes].some((attribute) => attribute.name.startsWith('on'))).length,
        javascriptLinks: [...document.querySelectorAll('[href],[src]')].filter((element) => /^\s*javascript:/i.test(element.getAttribute('href') ?? element.getAttribute('src') ?? '')).length,
        title: document.title,
        text: document.body.innerText,
      }));
      expect({ address, ...found, text: undefined, title: undefined }).toEqual({ address, pwned: undefined, violations: [], scripts: 0, handlers: 0, javascriptLinks: 0, text: undefined, title: undefined });
      if (address !== '/tools') expect(found.text, address).toContain('<script>window.__pwned=1</script>');
    }
    expect(errors).toEqual([]);
    await page.close();
  });
});
