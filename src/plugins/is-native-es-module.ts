import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * True for a file Node itself imports as an ES module: `.mjs`, or `.js` whose package scope (the nearest
 * package.json, not past a `node_modules` folder, as Node looks) says `"type": "module"`. A package.json that
 * does not parse counts as no type: such a file is left to jiti.
 */
export function isNativeEsModule(file: string): boolean {
  const extension = path.extname(file);
  if (extension === '.mjs') return true;
  return extension === '.js' && packageType(path.dirname(file)) === 'module';
}

function packageType(directory: string): unknown {
  for (let folder = directory; path.basename(folder) !== 'node_modules'; folder = path.dirname(folder)) {
    let text: string | undefined;
    try {
      text = readFileSync(path.join(folder, 'package.json'), 'utf8');
    } catch {
      // No package.json here: look in the folder above.
    }
    if (text !== undefined) {
      try {
        return (JSON.parse(text) as { type?: unknown }).type;
      } catch {
        return undefined;
      }
    }
    if (path.dirname(folder) === folder) return undefined;
  }
  return undefined;
}
