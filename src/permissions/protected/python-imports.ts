import { readFileSync } from 'node:fs';
import path from 'node:path';
import { lstatIfPresent } from '../../files/lstat-if-present.ts';
import { cachedByFile } from './cached-by-file.ts';

const MAX_FILES = 200;
const IMPORT = /^[ \t]*import[ \t]+([\w., \t]+)/gm;
const FROM = /^[ \t]*from[ \t]+(\.*[\w.]*)[ \t]+import[ \t]+\(?([\w., \t]+)/gm;

/**
 * The local modules python scripts among `entries` import, and what those import: for each dotted name,
 * `<name>.py` and `<name>/__init__.py` of every prefix, in the entry script's folder (python puts it first
 * on `sys.path`, so `hooks/json.py` shadows `import json`) or, for a relative import, the importing file's
 * package; existing or not, since one created later would load. Bounded (200 files); cached per file.
 */
export function pythonImportedFilesOf(entries: readonly string[]): string[] {
  const found = new Set<string>();
  for (const entry of entries.filter(isPythonScript)) {
    const root = path.dirname(entry);
    const queue = [entry];
    for (let index = 0; index < queue.length && found.size < MAX_FILES; index += 1) {
      const file = queue[index]!;
      for (const module of modulesOf(file)) {
        const dots = /^\.*/.exec(module)![0].length;
        const base = dots === 0 ? root : path.resolve(path.dirname(file), ...Array<string>(dots - 1).fill('..'));
        for (const candidate of candidatesOf(module.slice(dots), base)) {
          if (found.has(candidate)) continue;
          found.add(candidate);
          if (lstatIfPresent(candidate)?.isFile()) queue.push(candidate);
        }
      }
    }
  }
  return [...found];
}

function isPythonScript(file: string): boolean {
  if (path.extname(file) === '.py') return true;
  return cachedByFile({ key: `python-shebang:${file}`, file, fallback: false, compute: () => /^#!.*\bpython[\d.]*\b/.test(readFileSync(file, 'utf8').slice(0, 200)) });
}

/** The dotted names a file imports; `from a import b` gives `a` and `a.b` (b may be a submodule). */
function modulesOf(file: string): readonly string[] {
  return cachedByFile({ key: `python-imports:${file}`, file, fallback: [], compute: () => {
    const text = readFileSync(file, 'utf8');
    const imported = [...text.matchAll(IMPORT)].flatMap((match) => names(match[1]!));
    const from = [...text.matchAll(FROM)].flatMap((match) => [match[1]!, ...names(match[2]!).map((name) => (match[1]!.endsWith('.') ? match[1]! : `${match[1]!}.`) + name)]);
    return [...new Set([...imported, ...from])];
  } });
}

/** `a.b as c, d` → `a.b`, `d`. */
function names(list: string): string[] {
  return list.split(',').map((part) => part.trim().split(/\s+/)[0] ?? '').filter((name) => /^[\w.]+$/.test(name));
}

function candidatesOf(dotted: string, base: string): string[] {
  const parts = dotted.split('.').filter(Boolean);
  return parts.flatMap((_part, index) => {
    const folder = path.join(base, ...parts.slice(0, index + 1));
    return [`${folder}.py`, path.join(folder, '__init__.py')];
  });
}
