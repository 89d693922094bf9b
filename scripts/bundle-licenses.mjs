// The licences of the packages inside the bundle, in one file beside it: a bundled package is no longer
// installed with codev, so its LICENSE file would not ship otherwise (MIT, ISC, BSD and Apache-2.0 all ask
// that their notice goes with copies of the code).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';

/** The folder of each package an esbuild metafile's inputs come from (the innermost node_modules entry). */
function packageFolders(root, metafile) {
  const folders = new Set();
  for (const input of Object.keys(metafile.inputs)) {
    const match = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input);
    if (match) folders.add(path.resolve(root, match[1]));
  }
  return [...folders];
}

/** Writes `file` with each bundled package's name, version, licence and licence text; returns how many. */
export async function writeBundledLicenses(options) {
  const { root, metafile, file } = options;
  const sections = packageFolders(root, metafile).map((folder) => {
    const manifest = JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8'));
    const licenseFile = existsSync(folder) ? readdirSync(folder).find((name) => /^(licen[cs]e|copying)(\.|$)/i.test(name)) : undefined;
    const text = licenseFile ? readFileSync(path.join(folder, licenseFile), 'utf8').trim() : `(no licence file; package.json says ${manifest.license ?? 'nothing'})`;
    return { name: manifest.name, text: `${manifest.name}@${manifest.version} (${manifest.license ?? 'unknown'})\n\n${text}\n` };
  });
  sections.sort((left, right) => left.name.localeCompare(right.name));
  const header = 'The JavaScript in dist/chunks/ includes code of these packages, under their licences:\n';
  await writeFile(file, [header, ...sections.map((section) => section.text)].join(`\n${'-'.repeat(78)}\n\n`));
  return sections.length;
}
