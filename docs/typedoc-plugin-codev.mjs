// A local TypeDoc plugin for codev's API reference. TypeDoc names an entry point's module after its
// path (`index`, `plugin`, `testing`) and only takes a file's leading comment as the module's comment
// when it has a `@module` tag. This names the modules after the specifiers people import (`codev`,
// `codev/plugin`, `codev/testing`) and uses each file's leading `/** ... */` comment as its description, so that
// comment in src/ stays the one place that says what the entry point is.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Comment, Converter, MinimalSourceFile, ReflectionKind } from 'typedoc';

const MODULES = {
  'src/index.ts': 'codev',
  'src/plugin.ts': 'codev/plugin',
  'src/testing/index.ts': 'codev/testing',
};
const ROOT = resolve(import.meta.dirname, '..');

/** @param {import('typedoc').Application} app */
export function load(app) {
  app.converter.on(Converter.EVENT_RESOLVE_BEGIN, (context) => {
    const { project } = context;
    for (const module of project.getReflectionsByKind(ReflectionKind.Module)) {
      const file = project.getSymbolIdFromReflection(module)?.fileName;
      const path = Object.keys(MODULES).find((p) => file === resolve(ROOT, p).replaceAll('\\', '/'));
      if (path === undefined) continue;
      module.name = MODULES[path];
      if (module.comment) continue;
      const leading = /^\s*\/\*\*([\s\S]*?)\*\//.exec(readFileSync(resolve(ROOT, path), 'utf8'));
      if (!leading) continue;
      const text = leading[1].split('\n').map((line) => line.replace(/^\s*\* ?/, '')).join('\n').trim();
      const { content } = app.converter.parseRawComment(new MinimalSourceFile(text, file), project.files);
      module.comment = new Comment(content);
    }
  });
}
