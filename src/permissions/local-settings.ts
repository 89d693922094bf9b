import { mkdir, readFile, rename, writeFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { CodevError } from '../errors/codev-error.ts';
import { journalTempFile } from '../files/temp-file-journal.ts';
import { tempPathFor } from '../files/temp-path.ts';
import { withFileLock } from '../files/with-file-lock.ts';

/** The shape of `.codev/settings.local.json`: rules the user chose to keep. */
export interface LocalSettings {
  permissions?: { allow?: string[]; deny?: string[]; ask?: string[] };
  [key: string]: unknown;
}

/** The default place for "always allow" choices of a project. */
export function defaultLocalSettingsFile(projectRoot: string): string {
  return path.join(projectRoot, '.codev', 'settings.local.json');
}

/**
 * Reads the local settings. A missing file is empty settings; a file that is not valid JSON or has the
 * wrong shape is `SETTINGS_CORRUPT`, never silently treated as empty (or worse, as allow-all).
 */
export async function readLocalSettings(file: string): Promise<LocalSettings> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new CodevError('SETTINGS_CORRUPT', `Cannot read ${file}`, { file, cause: error, hint: 'check the file permissions' });
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new CodevError('SETTINGS_CORRUPT', `${file} is not valid JSON`, { file, cause: error, hint: 'fix or delete the file; codev will not guess its rules' });
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new CodevError('SETTINGS_CORRUPT', `${file} must hold a JSON object`, { file, hint: 'write { "permissions": { "allow": [] } }' });
  }
  const permissions = (parsed as LocalSettings).permissions;
  for (const key of ['allow', 'deny', 'ask'] as const) {
    const list = permissions?.[key];
    if (list !== undefined && (!Array.isArray(list) || list.some((rule) => typeof rule !== 'string'))) {
      throw new CodevError('SETTINGS_CORRUPT', `${file}: permissions.${key} must be an array of rule strings`, { file, field: `permissions.${key}`, hint: 'fix or delete the file' });
    }
  }
  return parsed as LocalSettings;
}

/**
 * Adds rules to the local settings atomically: the new file is written beside the old one and renamed over
 * it, so a crash never leaves half a file; the temp file is named and journaled as codev's others, so a kill -9
 * before the rename leaves nothing the next codev does not remove. The read and the write are one step under
 * the file's lock (in this process and across processes: withFileLock), so two "allow always" answered at once
 * (two sessions, two servers on one project) both keep their rule. A corrupt existing file is an error and is
 * left untouched.
 */
export async function addLocalRules(options: { file: string; behavior: 'allow' | 'deny' | 'ask'; rules: readonly string[] }): Promise<LocalSettings> {
  // The folder first: withFileLock takes no cross-process lock in a folder that is not there yet.
  await mkdir(path.dirname(options.file), { recursive: true }).catch(() => {});
  return withFileLock(options.file, async () => {
    const settings = await readLocalSettings(options.file);
    const permissions = { ...(settings.permissions ?? {}) };
    const existing = permissions[options.behavior] ?? [];
    permissions[options.behavior] = [...existing, ...options.rules.filter((rule) => !existing.includes(rule))];
    const next: LocalSettings = { ...settings, permissions };
    const temporary = tempPathFor(options.file);
    // Listed before it exists: a process killed before the rename leaves it for the next codev to remove.
    let gone = (): void => {};
    try {
      await mkdir(path.dirname(options.file), { recursive: true });
      gone = await journalTempFile(temporary);
      await writeFile(temporary, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 });
      await rename(temporary, options.file);
    } catch (error) {
      await rm(temporary, { force: true });
      throw new CodevError('SETTINGS_WRITE_FAILED', `Could not save the rule to ${options.file}`, { file: options.file, cause: error, hint: 'check that the directory is writable' });
    } finally {
      gone();
    }
    return next;
  });
}
