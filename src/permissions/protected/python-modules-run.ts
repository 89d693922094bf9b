import path from 'node:path';

/**
 * The files `python -m <module>` runs, absolute, existing or not: python looks the module up first in the
 * working directory (`baseDirectory`), so `-m tools.check` runs `tools/check.py`, or `tools/check/__main__.py`
 * for a package, after `tools/__init__.py`. Empty when no python word has `-m`.
 */
export function pythonModulesRun(words: readonly string[], baseDirectory: string): string[] {
  const clean = words.map((word) => word.replace(/["']/g, ''));
  return clean.flatMap((word, index) => {
    if (!/^python[\d.]*$/.test(path.basename(word))) return [];
    const option = clean.slice(index + 1).findIndex((next) => next === '-m' || (next.startsWith('-m') && !next.startsWith('--')));
    if (option === -1) return [];
    const flag = clean[index + 1 + option]!;
    const module = flag === '-m' ? clean[index + 2 + option] : flag.slice(2);
    if (!module || !/^[\w.]+$/.test(module)) return [];
    const parts = module.split('.');
    const packages = parts.slice(0, -1).map((_part, at) => path.join(baseDirectory, ...parts.slice(0, at + 1), '__init__.py'));
    const folder = path.join(baseDirectory, ...parts);
    return [...packages, `${folder}.py`, path.join(folder, '__init__.py'), path.join(folder, '__main__.py')];
  });
}
