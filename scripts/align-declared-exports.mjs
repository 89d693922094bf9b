// The bundled declarations of an entry (scripts/build-types.mjs) must declare as values exactly what its module
// exports at run time. The .d.ts bundler flattens `export type * from` into a plain export list, which turns a
// constant re-exported that way (codev/plugin's HOOK_EVENTS) into a value a consumer's import type-checks but
// Node cannot link; such a name is made `type` again, as tsc's own declarations had it. A run-time export the
// declarations lack fails the build.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The last `export { … };` of a bundled .d.ts: the entry's public names. */
const EXPORT_LIST = /export \{([^}]*)\};\s*$/;

/**
 * Marks `type` every name of `<dist>/<entry>.d.ts`'s export list that `runtime[entry]` lacks; returns the names
 * marked and the run-time exports the declarations do not have, by entry.
 */
export function alignDeclaredExports(options) {
  const marked = [];
  const undeclared = [];
  for (const [entry, names] of Object.entries(options.runtime)) {
    const file = path.join(options.dist, `${entry}.d.ts`);
    const source = readFileSync(file, 'utf8');
    const match = EXPORT_LIST.exec(source);
    if (!match) {
      undeclared.push(...names.map((name) => `${entry}: ${name}`));
      continue;
    }
    const runtime = new Set(names);
    const declared = new Set();
    const specifiers = match[1].split(',').map((text) => text.trim()).filter(Boolean).map((specifier) => {
      const exported = specifier.replace(/^type\s+/, '').split(/\s+as\s+/).at(-1);
      if (specifier.startsWith('type ')) return specifier;
      declared.add(exported);
      if (runtime.has(exported)) return specifier;
      marked.push(`${entry}: ${exported}`);
      return `type ${specifier}`;
    });
    for (const name of names) if (!declared.has(name)) undeclared.push(`${entry}: ${name}`);
    writeFileSync(file, `${source.slice(0, match.index)}export { ${specifiers.join(', ')} };\n`);
  }
  return { marked, undeclared };
}
