import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createImportProbe, type ImportProbe } from './probe-import.ts';

let folder: string;
let probe: ImportProbe;
const probeImport = (options: { file: string; timeoutMs: number }) => probe.probe(options);
beforeAll(async () => {
  probe = createImportProbe();
  folder = await mkdtemp(path.join(os.tmpdir(), 'codev-probe-'));
  await writeFile(path.join(folder, 'fine.ts'), 'const answer: number = 42;\nexport default answer;\n');
  await writeFile(path.join(folder, 'throws.ts'), 'throw new Error("at import");\n');
  await writeFile(path.join(folder, 'loops.ts'), 'while (true) {}\n');
  await writeFile(path.join(folder, 'waits.ts'), 'await new Promise(() => {});\n');
  await writeFile(path.join(folder, 'uses-codev.ts'), "import { buildTool, definePlugin } from 'codev';\nconst tool = buildTool({ name: 'X' });\nexport default definePlugin({ name: tool.name, tools: [tool] });\n");
});
afterAll(async () => {
  await probe.close();
  await rm(folder, { recursive: true, force: true });
});

describe('probeImport', () => {
  it('resolves for a file that finishes, whether its import succeeds or throws, and serves codev as a stand-in', async () => {
    for (const name of ['fine.ts', 'throws.ts', 'uses-codev.ts']) await expect(probeImport({ file: path.join(folder, name), timeoutMs: 5_000 })).resolves.toBeUndefined();
  });

  it('rejects with LOAD_TIMEOUT for a loop or a wait that never ends, and the next probe gets a fresh worker', async () => {
    for (const name of ['loops.ts', 'waits.ts']) {
      await expect(probeImport({ file: path.join(folder, name), timeoutMs: 300 })).rejects.toMatchObject({ code: 'LOAD_TIMEOUT', file: path.join(folder, name) });
      await expect(probeImport({ file: path.join(folder, 'fine.ts'), timeoutMs: 5_000 })).resolves.toBeUndefined();
    }
  });

  it('skips a file whose import finished before and whose files did not change; a change to an import probes again', async () => {
    const main = path.join(folder, 'slow-main.ts');
    const helper = path.join(folder, 'slow-helper.ts');
    await writeFile(helper, 'const until = Date.now() + 300;\nwhile (Date.now() < until) {}\nexport const ready = true;\n');
    await writeFile(main, "import { ready } from './slow-helper.ts';\nexport default ready;\n");
    await probeImport({ file: main, timeoutMs: 5_000 });
    // 300 ms of work cannot fit in 1 ms: this resolves only because the verdict is reused.
    await expect(probeImport({ file: main, timeoutMs: 1 })).resolves.toBeUndefined();
    await writeFile(helper, 'while (true) {}\nexport const ready = true;\n');
    await expect(probeImport({ file: main, timeoutMs: 500 })).rejects.toMatchObject({ code: 'LOAD_TIMEOUT' });
  });

  it('close() ends the worker and what a file left running in it; the next probe starts a new one', async () => {
    const marker = path.join(folder, 'ticks.log');
    const ticking = path.join(folder, 'ticking.ts');
    await writeFile(ticking, `import { appendFileSync } from 'node:fs';\nsetInterval(() => appendFileSync(${JSON.stringify(marker)}, '.'), 10);\n`);
    const own = createImportProbe();
    await own.probe({ file: ticking, timeoutMs: 5_000 });
    await expect.poll(() => (existsSync(marker) ? readFileSync(marker, 'utf8').length : 0), { timeout: 5_000 }).toBeGreaterThan(0);
    await own.close();
    const closed = readFileSync(marker, 'utf8').length;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(readFileSync(marker, 'utf8').length).toBe(closed);
    await expect(own.probe({ file: path.join(folder, 'fine.ts'), timeoutMs: 5_000 })).resolves.toBeUndefined();
    await own.close();
  });

  it('runs probes one at a time, so a probe that times out does not fail the ones queued behind it', async () => {
    const results = await Promise.allSettled([
      probeImport({ file: path.join(folder, 'loops.ts'), timeoutMs: 300 }),
      probeImport({ file: path.join(folder, 'fine.ts'), timeoutMs: 5_000 }),
    ]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'fulfilled']);
  });
});
