// An esbuild plugin for codev's own sources: `import.meta.url` in src/<dir>/<name>.ts becomes the URL that
// module has in the per-module tree (dist/<dir>/<name>.js), computed from the chunk's own URL. Every chunk
// sits in one folder (dist/chunks/), so one relative path is right wherever esbuild puts the module, and the
// neighbours a module finds through its URL (workers, package.json, templates/, the modules a worker imports)
// resolve as they do from source and from the tree: the build puts each of them at that tree place.
import { readFile } from 'node:fs/promises';
import path from 'node:path';

const MODULE_URL = /\bimport\.meta\.url\b/g;

/** The plugin, for sources under `sourceRoot` bundled into `chunkFolder`, whose tree is `treeRoot`. */
export function moduleUrlPlugin(options) {
  const { sourceRoot, treeRoot, chunkFolder } = options;
  return {
    name: 'codev-module-url',
    setup(build) {
      build.onLoad({ filter: /\.ts$/ }, async (args) => {
        if (!args.path.startsWith(sourceRoot + path.sep)) return undefined;
        const source = await readFile(args.path, 'utf8');
        if (!source.includes('import.meta.url')) return undefined;
        const treeFile = path.join(treeRoot, path.relative(sourceRoot, args.path)).replace(/\.ts$/, '.js');
        const relative = path.relative(chunkFolder, treeFile).split(path.sep).join('/');
        // The same line count, so the source map stays right but for columns on these few lines.
        return { contents: source.replace(MODULE_URL, `new URL(${JSON.stringify(relative)}, import.meta.url).href`), loader: 'ts' };
      });
    },
  };
}
