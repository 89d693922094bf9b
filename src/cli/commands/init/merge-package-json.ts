import { CodevError } from '../../../errors/codev-error.ts';
import { jsonObjectMembers } from './json-object-members.ts';
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
  // What goes where: new top-level keys, and new entries of each existing section, inserted into the user's text.
  const topLevel: [string, unknown][] = [];
  const inSections = new Map<string, [string, string][]>();
  if (options.addType !== undefined && manifest.type === undefined) {
    topLevel.push(['type', options.addType]);
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
    const missing: [string, string][] = [];
    for (const [name, value] of Object.entries(wanted)) {
      const existing = section === 'scripts' ? (Object.hasOwn(entries, name) ? { section, value: entries[name] } : undefined) : existingDependency(manifest, name);
      if (existing === undefined) {
        missing.push([name, value]);
        added.push(`${section}.${name}`);
      } else if (existing.value !== value) {
        kept.push({ key: `${existing.section}.${name}`, yours: String(existing.value), template: value });
      }
    }
    if (missing.length === 0) continue;
    if (manifest[section] === undefined) topLevel.push([section, Object.fromEntries(missing)]);
    else inSections.set(section, missing);
  }
  if (added.length === 0) return { text: options.text, added, kept };
  return { text: insertMembers({ text: options.text, topLevel, inSections }), added, kept };
}

/**
 * The user's text with the new members inserted after the last member of their object (a section's last
 * occurrence, the one npm reads), in the file's indentation and line endings: nothing the user wrote is
 * re-serialized, so numbers, escapes, one-line arrays and duplicate keys stay as written.
 */
function insertMembers(options: { text: string; topLevel: [string, unknown][]; inSections: Map<string, [string, string][]> }): string {
  const { text } = options;
  const unit = /^\uFEFF?\{\r?\n([ \t]+)\S/.exec(text)?.[1] ?? /\n([ \t]+)\S/.exec(text)?.[1] ?? '  ';
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const root = jsonObjectMembers(text, text.indexOf('{'));
  const insertions: { at: number; end: number; text: string }[] = [];
  for (const [section, entries] of options.inSections) {
    const member = root.members.filter((candidate) => candidate.key === section).at(-1)!;
    insertions.push(insertion({ text, start: member.valueStart, entries, unit, eol }));
  }
  if (options.topLevel.length > 0) insertions.push(insertion({ text, start: text.indexOf('{'), entries: options.topLevel, unit, eol }));
  let result = text;
  for (const { at, end, text: inserted } of insertions.sort((a, b) => b.at - a.at)) result = result.slice(0, at) + inserted + result.slice(end);
  return result;
}

/** Where and what to insert so that the object at `start` ends with `entries`, written as its members are. */
function insertion(options: { text: string; start: number; entries: [string, unknown][]; unit: string; eol: string }): { at: number; end: number; text: string } {
  const { text, start, unit, eol } = options;
  const { members, close } = jsonObjectMembers(text, start);
  const lineStart = text.lastIndexOf('\n', start) + 1;
  const base = /^[ \t]*/.exec(text.slice(lineStart))![0];
  const first = members[0];
  const beforeFirst = first ? text.slice(text.lastIndexOf('\n', first.keyStart) + 1, first.keyStart) : undefined;
  const oneLine = first !== undefined && !text.slice(start, close).includes('\n');
  const indent = beforeFirst !== undefined && /^[ \t]*$/.test(beforeFirst) && !oneLine ? beforeFirst : base + unit;
  // An object written on one line gets its new members on that line too, each on one line.
  const member = ([key, value]: [string, unknown]): string => `${JSON.stringify(key)}: ${oneLine ? JSON.stringify(value) : JSON.stringify(value, null, unit).replaceAll('\n', eol + indent)}`;
  if (oneLine) return { at: members.at(-1)!.valueEnd, end: members.at(-1)!.valueEnd, text: options.entries.map((entry) => `, ${member(entry)}`).join('') };
  const written = options.entries.map((entry) => eol + indent + member(entry)).join(',');
  if (members.length > 0) return { at: members.at(-1)!.valueEnd, end: members.at(-1)!.valueEnd, text: `,${written}` };
  return { at: start + 1, end: close, text: `${written}${eol}${base}` };
}

function existingDependency(manifest: Record<string, unknown>, name: string): { section: string; value: unknown } | undefined {
  for (const section of DEPENDENCY_SECTIONS) {
    const entries = manifest[section] as Record<string, unknown> | undefined;
    if (entries && typeof entries === 'object' && Object.hasOwn(entries, name)) return { section, value: entries[name] };
  }
  return undefined;
}
