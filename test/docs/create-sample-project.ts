/**
 * Test-only: a temp project as a user of the built package has it: `codev` (this repo: its `exports`, `dist/`
 * and bundled `.d.ts`), zod and @types/node in node_modules, ESM, a strict tsconfig with `skipLibCheck: false`.
 */
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { removeAtExit } from '../../src/testing/remove-at-exit.ts';

/** The tsconfig a user's project would have: strict, Node's ESM resolution, the libraries' declarations checked too. */
export const SAMPLE_TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    module: 'nodenext',
    moduleResolution: 'nodenext',
    moduleDetection: 'force',
    strict: true,
    skipLibCheck: false,
    allowJs: true,
    checkJs: true,
    noEmit: true,
    types: ['node'],
  },
  include: ['samples'],
};

/** Makes the project under the temp folder (removed at exit) and returns its folder. */
export function createSampleProject(options: { repoRoot: string }): string {
  const project = removeAtExit(mkdtempSync(path.join(os.tmpdir(), 'codev-docs-')));
  mkdirSync(path.join(project, 'node_modules', '@types'), { recursive: true });
  mkdirSync(path.join(project, 'samples'));
  symlinkSync(options.repoRoot, path.join(project, 'node_modules', 'codev'), 'dir');
  for (const name of ['zod', '@types/node']) symlinkSync(path.join(options.repoRoot, 'node_modules', name), path.join(project, 'node_modules', name), 'dir');
  writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'docs-samples', private: true, type: 'module' }, null, 2));
  writeFileSync(path.join(project, 'tsconfig.json'), JSON.stringify(SAMPLE_TSCONFIG, null, 2));
  return project;
}
