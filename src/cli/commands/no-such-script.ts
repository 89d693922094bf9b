import { readdirSync } from 'node:fs';
import path from 'node:path';
import { CodevError } from '../../errors/codev-error.ts';
import { suggestKey } from '../../errors/suggest-key.ts';

const SCRIPT_EXTENSIONS = new Set(['.ts', '.mts', '.cts', '.js', '.mjs', '.cjs']);

/**
 * The usage error for an agent script that does not exist: its fix names the script of that folder the user
 * probably meant (`agents/reveiw.ts` → `agents/review.ts`, in the form it was typed), else `example`.
 */
export function noSuchScript(options: { script: string; file: string; example: string }): CodevError {
  const meant = closestScript(options.file);
  const typed = meant === undefined ? undefined : path.join(path.dirname(options.script), meant);
  const hint = typed === undefined ? `pass the path of an agent script, e.g. ${options.example}` : `did you mean ${typed}?`;
  return new CodevError('CLI_USAGE', `No such script: ${options.file}`, { hint });
}

function closestScript(file: string): string | undefined {
  let names: string[];
  try {
    names = readdirSync(path.dirname(file)).filter((name) => SCRIPT_EXTENSIONS.has(path.extname(name)));
  } catch {
    return undefined;
  }
  return suggestKey({ key: path.basename(file), candidates: names });
}
