/** Test-only: the Markdown files whose code blocks are checked: README.md and docs/*.md (not the generated docs/api/). */
import { readdirSync } from 'node:fs';

/**
 * The files, relative to `root`. `CODEV_DOCS=docs/fleet.md,README.md` narrows the run to those (to work on one
 * file's samples); unset, all of them.
 */
export function documentedFiles(options: { root: string; only?: string }): string[] {
  if (options.only) return options.only.split(',').map((file) => file.trim()).filter((file) => file !== '');
  const docs = readdirSync(`${options.root}/docs`).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`);
  return ['README.md', ...docs.sort()];
}
