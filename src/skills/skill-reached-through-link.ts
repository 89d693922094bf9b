import { realpath } from 'node:fs/promises';
import path from 'node:path';

/**
 * Whether a skill's SKILL.md is really somewhere a skill folder's name does not protect: the skills folder
 * is a link to a folder of another name (`packages/app/skills` → `shared/`), or the skill folder or its
 * SKILL.md is a link out of it. Writes are protected by the names `skills/<name>/…`; a skill the model
 * could write under another name must not grant itself tools. False when nothing resolves (not found).
 */
export async function skillReachedThroughLink(options: { file: string; skillsFolder: string }): Promise<boolean> {
  try {
    const [realFile, realFolder] = await Promise.all([realpath(options.file), realpath(options.skillsFolder)]);
    const name = path.basename(path.dirname(options.file));
    return path.basename(realFolder) !== path.basename(options.skillsFolder) || realFile !== path.join(realFolder, name, path.basename(options.file));
  } catch {
    return false;
  }
}
