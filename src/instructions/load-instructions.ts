import { realpath } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { isPathInside } from '../files/is-path-inside.ts';
import { findIncludes } from './find-includes.ts';
import { instructionCandidates, userInstructionsDirectory, type InstructionScope } from './instruction-candidates.ts';
import type { InstructionSources } from './instructions-setting.ts';
import { readInstructionFile } from './read-instruction-file.ts';
import type { InstructionFile, InstructionsWarning, LoadedInstructions } from './types.ts';

/** How many `@path` hops deep an include may be (a file included by an included file is 2). */
export const MAX_INCLUDE_DEPTH = 5;

/** Where the files of one load may come from, and what it found so far. */
interface Walk {
  roots: string[];
  homeDirectory: string;
  /** Real paths already used: a file is used once, however many names or includes reach it. */
  seen: Set<string>;
  result: LoadedInstructions;
}

/**
 * Reads the instruction files in order (see `instructionCandidates`): every one that exists is used, each
 * followed by the files it includes with `@path` (depth first, in the order written). A file reached twice
 * (a CLAUDE.md linked to AGENTS.md, a CLAUDE.md that is only `@AGENTS.md`, an include cycle) is used once.
 * An include is relative to the file that names it (`~/` is the home directory) and must stay inside the
 * project root or `~/.codev`, symlinks resolved. Nothing throws: a file too large or unreadable, and an
 * include that is missing, outside, or more than `MAX_INCLUDE_DEPTH` deep, is an `INSTRUCTIONS_SKIPPED` warning.
 */
export async function loadInstructions(options: { projectRoot: string; homeDirectory?: string; sources: Required<InstructionSources> }): Promise<LoadedInstructions> {
  const homeDirectory = options.homeDirectory ?? os.homedir();
  const lexicalRoots = [path.resolve(options.projectRoot), userInstructionsDirectory(homeDirectory)];
  const roots = [...new Set([...lexicalRoots, ...(await Promise.all(lexicalRoots.map(realRoot)))])];
  const walk: Walk = { roots, homeDirectory, seen: new Set(), result: { files: [], warnings: [], watched: [] } };
  for (const candidate of instructionCandidates({ projectRoot: options.projectRoot, homeDirectory, sources: options.sources })) {
    await visit(walk, { path: candidate.path, scope: candidate.scope, depth: 0 });
  }
  return walk.result;
}

async function visit(walk: Walk, file: { path: string; scope: InstructionScope; depth: number; includedFrom?: string }): Promise<void> {
  const { result } = walk;
  const read = await readInstructionFile(file.path);
  result.watched.push({ path: file.path, version: read.version });
  if (read.kind === 'missing') {
    if (file.includedFrom) warn(result, file.path, `it does not exist (included from ${file.includedFrom})`);
    return;
  }
  if (read.kind === 'skipped') return warn(result, file.path, read.reason);
  if (file.includedFrom && !walk.roots.some((root) => isPathInside(read.realPath, root))) return warn(result, file.path, `it links outside the project root and ~/.codev (to ${read.realPath})`);
  if (walk.seen.has(read.realPath)) return;
  walk.seen.add(read.realPath);
  const used: InstructionFile = { path: file.path, scope: file.scope, bytes: read.bytes, text: read.text };
  if (file.includedFrom) used.includedFrom = file.includedFrom;
  result.files.push(used);
  for (const include of findIncludes(read.text)) {
    const target = include.startsWith('~/') ? path.join(walk.homeDirectory, include.slice(2)) : path.resolve(path.dirname(file.path), include);
    if (!walk.roots.some((root) => isPathInside(target, root))) warn(result, target, `it is outside the project root and ~/.codev (included from ${file.path})`);
    else if (file.depth + 1 > MAX_INCLUDE_DEPTH) warn(result, target, `it is included more than ${MAX_INCLUDE_DEPTH} levels deep (from ${file.path})`);
    else await visit(walk, { path: target, scope: file.scope, depth: file.depth + 1, includedFrom: file.path });
  }
}

function warn(result: LoadedInstructions, file: string, reason: string): void {
  const warning: InstructionsWarning = { code: 'INSTRUCTIONS_SKIPPED', path: file, reason, message: `Instructions ${file} skipped: ${reason}` };
  result.warnings.push(warning);
}

/** A root's real path (the project may sit below a symlink, as /tmp does on macOS); itself when it does not exist. */
async function realRoot(root: string): Promise<string> {
  try {
    return await realpath(root);
  } catch {
    return root;
  }
}
