import { CodevError } from '../../errors/codev-error.ts';
import { parsePackageJson } from './parse-package-json.ts';

/** What merging a template's package.json into a user's changed, and what it left as the user had it. */
export interface PackageJsonMerge {
  /** The new text; the user's own when nothing was added. */
  text: string;
  /** What was added, as `section.name` (`dependencies.codev`, `scripts.try`) or a top-level key (`type`). */
  added: string[];
  /** The user's values that differ from the template's, kept: `dependencies.zod` with both values. */
  kept: { key: string; yours: string; template: string }[];
}

/** The sections of a template's package.json that a user's gets the missing entries of. */
const SECTIONS = ['dependencies', 'devDependencies', 'scripts'] as const;
/** A package named in any of these is already a dependency, whichever section it is in. */
const DEPENDENCY_SECTIONS = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'] as const;

/**
 * Adds to a user's package.json (`text`, read from `file`) what the template's has and it lacks: the missing
 * dependencies and scripts, at the end of their sections, and `type` when `addType` says so. Nothing the user
 * wrote is changed or moved: their keys keep their order and values, and the file its indentation, line
 * endings and final newline.
 */
export function mergePackageJson(options: { text: string; file: string; template: Record<string, unknown>; addType?: string }): PackageJsonMerge {
  const manifest = parsePackageJson(options.text, options.file);
  const added: string[] = [];
  const kept: PackageJsonMerge['kept'] = [];
  if (options.addType !== undefined && manifest.type === undefined) {
    manifest.type = options.addType;
    added.push('type');
  }
  for (const section of SECTIONS) {
    const wanted = options.template[section] as Record<string, string> | undefined;
    if (!wanted) continue;
    const yours = manifest[section] ?? {};
    if (typeof yours !== 'object' || yours === null || Array.isArray(yours)) {
      throw new CodevError('PACKAGE_JSON_INVALID', `"${section}" in ${options.file} is not an object; nothing was written`, { file: options.file, field: section });
    }
    const entries = yours as Record<string, unknown>;
    for (const [name, value] of Object.entries(wanted)) {
      const existing = section === 'scripts' ? (Object.hasOwn(entries, name) ? { section, value: entries[name] } : undefined) : existingDependency(manifest, name);
      if (existing === undefined) {
        entries[name] = value;
        added.push(`${section}.${name}`);
      } else if (existing.value !== value) {
        kept.push({ key: `${existing.section}.${name}`, yours: String(existing.value), template: value });
      }
    }
    if (manifest[section] === undefined && Object.keys(entries).length > 0) manifest[section] = entries;
  }
  if (added.length === 0) return { text: options.text, added, kept };
  return { text: formatLike(options.text, manifest), added, kept };
}

function existingDependency(manifest: Record<string, unknown>, name: string): { section: string; value: unknown } | undefined {
  for (const section of DEPENDENCY_SECTIONS) {
    const entries = manifest[section] as Record<string, unknown> | undefined;
    if (entries && typeof entries === 'object' && Object.hasOwn(entries, name)) return { section, value: entries[name] };
  }
  return undefined;
}

/** JSON in the style of `original`: its indentation (spaces or a tab), its line endings, its final newline. */
function formatLike(original: string, value: unknown): string {
  const indent = /^\{\r?\n([ \t]+)\S/.exec(original.replace(/^\uFEFF/, ''))?.[1] ?? /\n([ \t]+)\S/.exec(original)?.[1] ?? '  ';
  const eol = original.includes('\r\n') ? '\r\n' : '\n';
  const finalNewline = original === '' || /\n$/.test(original) ? eol : '';
  const bom = original.startsWith('\uFEFF') ? '\uFEFF' : '';
  return bom + JSON.stringify(value, null, indent).replace(/\n/g, eol) + finalNewline;
}
