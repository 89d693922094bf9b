// The page of `codev ui` (src/ui/page/, browser code): esbuild bundles main.ts into assets/app.js (ES2022,
// minified, preact and htm inside, no source map; their licences in THIRD-PARTY-LICENSES.txt), and index.html and app.css are copied beside it. The server
// finds the folder at dist/ui/page/ (new URL('../page/', import.meta.url) from src/ui/server/).
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { writeBundledLicenses } from './bundle-licenses.mjs';

/** Where the page goes under dist/. */
export const PAGE_FOLDER = path.join('ui', 'page');

/** Bundles the page into `<outdir>/ui/page/`; returns the bundle's size in bytes, raw and gzipped. */
export async function buildPage(options) {
  const { root, outdir } = options;
  const esbuild = await import(createRequire(path.join(root, 'package.json')).resolve('esbuild'));
  const source = path.join(root, 'src', 'ui', 'page');
  const target = path.join(outdir, PAGE_FOLDER);
  mkdirSync(path.join(target, 'assets'), { recursive: true });
  const result = await esbuild.build({
    entryPoints: [path.join(source, 'main.ts')],
    outfile: path.join(target, 'assets', 'app.js'),
    absWorkingDir: root,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    sourcemap: false,
    legalComments: 'none',
    logLevel: 'silent',
    metafile: true,
  });
  // Beside the page, not in assets/: shipped with the package, never served.
  await writeBundledLicenses({ root, metafile: result.metafile, file: path.join(target, 'THIRD-PARTY-LICENSES.txt') });
  copyFileSync(path.join(source, 'index.html'), path.join(target, 'index.html'));
  copyFileSync(path.join(source, 'app.css'), path.join(target, 'assets', 'app.css'));
  const bundle = readFileSync(path.join(target, 'assets', 'app.js'));
  return { bytes: bundle.length, gzipBytes: gzipSync(bundle).length };
}
