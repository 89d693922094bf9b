import path from 'node:path';

/**
 * The names codev reads its configuration from, searched in this order in each directory from the working
 * directory up to the project root. Not `package.json`: a file the project's own tools rewrite (`npm
 * install`) must not be able to change what codev loads and allows. `codev.config.ts` comes first, so that
 * a project with one needs no other name kept free (nothing placed before it could shadow it).
 */
export const CONFIG_FILE_NAMES: readonly string[] = [
  'codev.config.ts',
  'codev.config.mts',
  'codev.config.js',
  'codev.config.mjs',
  'codev.config.json',
  '.codevrc',
  '.codevrc.json',
  '.codevrc.yaml',
  '.codevrc.yml',
  '.codevrc.js',
  '.codevrc.ts',
  '.codevrc.mjs',
  '.codevrc.mts',
];

/** The project file of MCP servers, at the project root (the same format as Claude Code's). */
export const MCP_CONFIG_FILE = '.mcp.json';

/**
 * The instruction files codev sends in every system prompt (see `instructionCandidates`): writing one is a
 * protected write, since what it says (and the files its `@path` lines include) reaches the model.
 */
export const INSTRUCTION_FILES: readonly string[] = ['CODEV.md', 'AGENTS.md', 'CLAUDE.md'];

/** codev's folder in a project: local settings, skills, agent types, sessions. */
export const CODEV_FOLDER = '.codev';

/** The skill folders of a project, relative to the working directory and to the project root. */
export const PROJECT_SKILL_FOLDERS: readonly string[] = ['skills', `${CODEV_FOLDER}/skills`];

/** The directories the config is searched in: `cwd`, then up to and including `stopAt`. */
export function configSearchDirectories(cwd: string, stopAt: string): string[] {
  const directories = [cwd];
  let directory = cwd;
  while (directory !== stopAt && path.dirname(directory) !== directory) {
    directory = path.dirname(directory);
    directories.push(directory);
  }
  return directories;
}
