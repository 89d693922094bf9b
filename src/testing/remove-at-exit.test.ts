import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));

describe('createTestContext', () => {
  it('leaves no temp folder behind when the process exits', () => {
    // A real process, loading the sources the way the CLI does from source, so its exit is real.
    const script = `
      const { createJiti } = require('jiti');
      const jiti = createJiti(${JSON.stringify(path.join(here, 'x.ts'))});
      jiti.import(${JSON.stringify(path.join(here, 'create-test-context.ts'))}).then(({ createTestContext }) => {
        const folders = [createTestContext(), createTestContext()].map((context) => context.cwd);
        require('node:fs').writeFileSync(require('node:path').join(folders[0], 'left.txt'), 'x');
        console.log(JSON.stringify(folders.map((folder) => [folder, require('node:fs').existsSync(folder)])));
      });`;
    const run = spawnSync(process.execPath, ['-e', script], { cwd: path.join(here, '../..'), encoding: 'utf8', timeout: 60_000 });
    expect(run.status, run.stderr).toBe(0);
    const folders = JSON.parse(run.stdout) as [string, boolean][];
    expect(folders.map(([, existed]) => existed)).toEqual([true, true]);
    for (const [folder] of folders) expect(existsSync(folder)).toBe(false);
  });
});
