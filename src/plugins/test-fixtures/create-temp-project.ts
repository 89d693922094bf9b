/**
 * Test-only helper: a real project folder on disk, written file by file, removed by `cleanup()`.
 *
 * Where: by default under `<repo>/node_modules/.cache/codev-test-XXXXXX`. Plugin and config files there
 * can import `zod` (Node resolution walks up to the repo's node_modules) and codev's own modules by
 * absolute path (`codevModule('tool/build-tool.ts')`), because a bare `codev` specifier does not resolve
 * from a temp folder. Being inside node_modules also keeps the deliberately broken fixtures out of
 * vitest's and tsc's file sets. `location: 'os-tmpdir'` makes the folder under `os.tmpdir()` instead, for
 * tests that need no package.json or .git above the project.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface TempProject {
  /** Absolute, symlinks resolved as written. */
  root: string;
  /** The absolute path of a file in the project. */
  path(relative: string): string;
  /** Writes a file (creating folders) and returns its absolute path. */
  write(relative: string, content: string): Promise<string>;
  remove(relative: string): Promise<void>;
  cleanup(): Promise<void>;
}

/** Absolute path of a codev source module, for `import ... from '${codevModule("tool/build-tool.ts")}'`. */
export function codevModule(relative: string): string {
  return path.join(REPO_ROOT, 'src', relative);
}

export async function createTempProject(options: { files?: Record<string, string>; location?: 'repo' | 'os-tmpdir' } = {}): Promise<TempProject> {
  const parent = options.location === 'os-tmpdir' ? os.tmpdir() : path.join(REPO_ROOT, 'node_modules', '.cache');
  await mkdir(parent, { recursive: true });
  const root = await mkdtemp(path.join(parent, 'codev-test-'));
  const project: TempProject = {
    root,
    path: (relative) => path.join(root, relative),
    async write(relative, content) {
      const file = path.join(root, relative);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, content);
      return file;
    },
    remove: (relative) => rm(path.join(root, relative), { recursive: true, force: true }),
    cleanup: () => rm(root, { recursive: true, force: true }),
  };
  for (const [relative, content] of Object.entries(options.files ?? {})) await project.write(relative, content);
  return project;
}
