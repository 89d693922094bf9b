import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { createKernel } from '../../src/kernel/create-kernel.ts';

// A program that watches its project (createKernel({ watch: true }), the README's MCP server) and closes the
// kernel on SIGTERM must then exit by itself. A reload that changes what is watched (here `.codev` appearing,
// as the first session folder makes it) replaces the watcher; a close() landing while the new one starts
// left that one open, its fs.watch handles keeping the process alive for good (seen as a `codev mcp serve`
// program hanging after SIGTERM, 2 runs in 20).

const folders: string[] = [];
afterEach(() => folders.splice(0).forEach((folder) => rmSync(folder, { recursive: true, force: true })));

/** The fs.watch handles open in this process. */
const watchHandles = () => process.getActiveResourcesInfo().filter((resource) => resource === 'FSEventWrap').length;

/** Whether the count comes back to `count` within a second (a closed handle goes at a later turn of the loop). */
async function backTo(count: number): Promise<boolean> {
  for (let polls = 0; polls < 50 && watchHandles() !== count; polls++) await sleep(20);
  return watchHandles() === count;
}

describe('kernel.close() while a reload replaces the watcher', () => {
  it('leaves no file watcher open, whenever it lands', async () => {
    const before = watchHandles();
    const leaks: number[] = [];
    // Delays across the reload: before it starts, while the generation is built, while the new watcher starts, after.
    for (let delay = 0; delay <= 60; delay += 2) {
      const root = mkdtempSync(path.join(os.tmpdir(), 'codev-close-reload-'));
      folders.push(root);
      writeFileSync(path.join(root, 'codev.config.json'), '{}');
      const kernel = await createKernel({ cwd: root, watch: true, mcp: false });
      mkdirSync(path.join(root, '.codev', 'skills'), { recursive: true });
      const reloaded = kernel.reload().catch(() => undefined);
      await sleep(delay);
      await kernel.close();
      await reloaded;
      if (!(await backTo(before))) leaks.push(delay);
    }
    expect(leaks).toEqual([]);
  }, 120_000);
});
