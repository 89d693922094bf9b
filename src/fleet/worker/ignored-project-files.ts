import { readdirSync } from 'node:fs';

/** Names at a project's top that codev would load code, settings or instructions from. */
const PROJECT_NAMES = /^(codev\.config\.[cm]?[jt]s|\.codevrc(\..+)?|plugins|skills|agents|\.codev|\.mcp\.json|CODEV\.md|AGENTS\.md|CLAUDE\.md)$/;

/**
 * What an untrusted checkout carries at its top that a trusted one would have loaded, sorted: the worker
 * says so in a warning, since a job author whose repository's settings silently did nothing would not know why.
 */
export function ignoredProjectFiles(checkout: string): string[] {
  try {
    return readdirSync(checkout)
      .filter((name) => PROJECT_NAMES.test(name))
      .sort();
  } catch {
    return [];
  }
}
