import { realpath } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { isPathInside } from '../files/is-path-inside.ts';
import { deniedReadInodes } from '../permissions/denied-read-inodes.ts';
import { readDecisionForFile, type DeniedInodes, type ReadScope } from '../permissions/read-decision-for-file.ts';
import { findIncludes } from './find-includes.ts';
import { instructionCandidates, userInstructionsDirectory, type InstructionScope } from './instruction-candidates.ts';
import type { InstructionSources } from './instructions-setting.ts';
import { readInstructionFile } from './read-instruction-file.ts';
import type { InstructionFile, InstructionsWarning, LoadedInstructions } from './types.ts';

/** How many `@path` hops deep an include may be (a file included by an included file is 2). */
export const MAX_INCLUDE_DEPTH = 5;

/** Where the files of one load may come from, what decides them, and what it found so far. */
interface Walk {
  roots: string[];
  /** The home directory (and its real path): where the user's own `~/.codev` files may link to. */
  homeRoots: string[];
  homeDirectory: string;
  scope: ReadScope;
  /** The hard-link check's table, made once per load when a file with several links is met. */
  deniedInodes: DeniedInodes;
  /** Real paths already used: a file is used once, however many names or includes reach it. */
  seen: Set<string>;
  result: LoadedInstructions;
}

/** One file to read: `openAs` is the name as written (the OS resolves it), `path` its normalized form. */
interface Visit {
  path: string;
  openAs: string;
  scope: InstructionScope;
  depth: number;
  /** The file whose `@path` names this one (absent for a CODEV.md, AGENTS.md or CLAUDE.md itself). */
  parent?: InstructionFile;
  include?: string;
}

/**
 * Reads the instruction files in order (see `instructionCandidates`): every one that exists is used, each
 * followed by the files it includes with `@path` (depth first, in the order written). A file reached twice
 * (a CLAUDE.md linked to AGENTS.md, a CLAUDE.md that is only `@AGENTS.md`, an include cycle) is used once.
 * An include is relative to the file that names it (`~/` is the home directory). Every file goes through the
 * Read decision of `readScope` on the file actually opened (see `readDecisionForFile`): a Read deny or ask
 * rule, a hard link to a denied file, and a real path outside the project root and `~/.codev` (the user's
 * own `~/.codev` files themselves may link anywhere in the home directory) refuse it: `INSTRUCTIONS_REFUSED`, and an include is
 * left out with a note in the text of the file that names it. Nothing throws: a file too large or
 * unreadable, and an include that is missing, outside, or more than `MAX_INCLUDE_DEPTH` deep, is an
 * `INSTRUCTIONS_SKIPPED` warning.
 */
export async function loadInstructions(options: { projectRoot: string; homeDirectory?: string; sources: Required<InstructionSources>; readScope?: ReadScope }): Promise<LoadedInstructions> {
  const homeDirectory = options.homeDirectory ?? os.homedir();
  const lexicalRoots = [path.resolve(options.projectRoot), userInstructionsDirectory(homeDirectory)];
  const roots = [...new Set([...lexicalRoots, ...(await Promise.all(lexicalRoots.map(realRoot)))])];
  const scope = options.readScope ?? noRules(path.resolve(options.projectRoot), homeDirectory);
  let inodes: Promise<ReadonlyMap<string, string>> | undefined;
  const deniedInodes = () => (inodes ??= deniedReadInodes(scope));
  const homeRoots = [...new Set([path.resolve(homeDirectory), await realRoot(homeDirectory)])];
  const walk: Walk = { roots, homeRoots, homeDirectory, scope, deniedInodes, seen: new Set(), result: { files: [], warnings: [], watched: [] } };
  for (const candidate of instructionCandidates({ projectRoot: options.projectRoot, homeDirectory, sources: options.sources })) {
    await visit(walk, { path: candidate.path, openAs: candidate.path, scope: candidate.scope, depth: 0 });
  }
  return walk.result;
}

async function visit(walk: Walk, file: Visit): Promise<void> {
  const { result } = walk;
  const includedFrom = file.parent?.path;
  // The user's own files in ~/.codev (which the model cannot write without asking) may be links to a dotfiles folder in their home.
  const roots = file.scope === 'user' && !file.parent ? walk.homeRoots : walk.roots;
  const read = await readInstructionFile(file.openAs, {
    path: file.path,
    decide: (opened) => readDecisionForFile({ scope: walk.scope, path: opened.path, realPath: opened.realPath, stats: opened.stats, roots, deniedInodes: walk.deniedInodes }),
  });
  result.watched.push({ path: file.openAs, version: read.version });
  if (read.kind === 'missing') {
    if (includedFrom) warn(result, { file: file.path, reason: `it does not exist (included from ${includedFrom})` });
    return;
  }
  if (read.kind === 'skipped') return warn(result, { file: file.path, reason: read.reason });
  if (read.kind === 'refused') {
    if (file.parent) (file.parent.omitted ??= []).push(`@${file.include}: ${read.reason}`);
    return warn(result, { file: file.path, reason: `${read.reason}${includedFrom ? ` (included from ${includedFrom})` : ''}`, refused: true, ...(read.rule && { rule: read.rule }) });
  }
  if (walk.seen.has(read.realPath)) return;
  walk.seen.add(read.realPath);
  const used: InstructionFile = { path: file.path, scope: file.scope, bytes: read.bytes, text: read.text };
  if (includedFrom) used.includedFrom = includedFrom;
  result.files.push(used);
  for (const include of findIncludes(read.text)) {
    // Opened as written, so the OS resolves `link/..` as it always does; the decision is on what it opened.
    const openAs = include.startsWith('~/') ? `${walk.homeDirectory}/${include.slice(2)}` : path.isAbsolute(include) ? include : `${path.dirname(file.path)}/${include}`;
    const target = path.resolve(openAs);
    if (!walk.roots.some((root) => isPathInside(target, root))) warn(result, { file: target, reason: `it is outside the project root and ~/.codev (included from ${file.path})` });
    else if (file.depth + 1 > MAX_INCLUDE_DEPTH) warn(result, { file: target, reason: `it is included more than ${MAX_INCLUDE_DEPTH} levels deep (from ${file.path})` });
    else await visit(walk, { path: target, openAs, scope: file.scope, depth: file.depth + 1, parent: used, include });
  }
}

function warn(result: LoadedInstructions, options: { file: string; reason: string; refused?: boolean; rule?: string }): void {
  const { file, reason } = options;
  const warning: InstructionsWarning = options.refused
    ? { code: 'INSTRUCTIONS_REFUSED', path: file, reason, message: `Instructions ${file} refused: ${reason}`, ...(options.rule && { rule: options.rule }) }
    : { code: 'INSTRUCTIONS_SKIPPED', path: file, reason, message: `Instructions ${file} skipped: ${reason}` };
  result.warnings.push(warning);
}

/** The scope of a load made without a session's rules: no rule refuses, the project is still the boundary. */
function noRules(projectRoot: string, homeDirectory: string): ReadScope {
  return {
    permissionContext: { mode: 'default', alwaysAllowRules: {}, alwaysDenyRules: {}, alwaysAskRules: {}, additionalWorkingDirectories: [] },
    anchors: { cwd: projectRoot, root: projectRoot, home: homeDirectory },
    workingDirectories: [projectRoot],
  };
}

/** A root's real path (the project may sit below a symlink, as /tmp does on macOS); itself when it does not exist. */
async function realRoot(root: string): Promise<string> {
  try {
    return await realpath(root);
  } catch {
    return root;
  }
}
