import { readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CodevError, errorMessage } from '../errors/codev-error.ts';
import { stackFrames } from '../errors/user-stack-frames.ts';
import { sourceColumn } from './source-column.ts';

/** What went wrong while importing a config or plugin file, and where. */
export interface LoadErrorExplanation {
  /** `syntax`: the file does not parse; `module-not-found`: an import does not resolve; `runtime`: it threw. */
  kind: 'syntax' | 'module-not-found' | 'runtime';
  /** The error message without loader noise (code frames, require stacks, path prefixes). */
  message: string;
  /** Where the error is: the imported file itself, or the local file it imports that is at fault. */
  file: string;
  /** 1-based. */
  line?: number;
  /** 1-based. */
  column?: number;
  /** For `module-not-found`: the specifier that did not resolve. */
  missingModule?: string;
}

interface Location {
  file: string;
  line?: number;
  column?: number;
}

/**
 * Explains an error thrown while importing `file` with jiti (or parsing it with cosmiconfig's JSON/YAML
 * loaders). Locations come from, in order: a parse error's reported position (babel and esbuild columns
 * are 0-based, so they are shifted), a CodevError's own location, a YAML mark or JSON position, the line
 * of an unresolvable import specifier, and finally the first stack frame in `file` (or in a local file
 * next to it, never in node_modules), its column found again in the file when it can be.
 */
export async function explainLoadError(options: { error: unknown; file: string }): Promise<LoadErrorExplanation> {
  const { error, file } = options;
  // errorMessage(undefined) is undefined at runtime (JSON.stringify), so name the value instead.
  const text = errorMessage(error) ?? String(error);
  const record = (typeof error === 'object' && error !== null ? error : {}) as Record<string, unknown>;

  const parsed = findParseLocation(text);
  if (parsed) return { kind: 'syntax', message: cleanSyntaxMessage(text), ...parsed.location };
  if (CodevError.isInstance(error) && error.file) return { kind: 'runtime', message: text, file: error.file, line: error.line, column: error.column };
  const mark = record.mark as { line?: number; column?: number } | undefined;
  if (typeof mark?.line === 'number') {
    return { kind: 'syntax', message: String(record.reason ?? firstLine(text)), file, line: mark.line + 1, column: (mark.column ?? 0) + 1 };
  }
  if (record.name === 'JSONError' || /\bin JSON at position \d+/.test(text)) return explainJsonError(text, file);
  if (record.code === 'MODULE_NOT_FOUND' || record.code === 'ERR_MODULE_NOT_FOUND') return explainMissingModule(record, text, file);
  const frame = await findStackFrame(error, file);
  return { kind: record.name === 'SyntaxError' ? 'syntax' : 'runtime', message: text, ...(frame ?? { file }) };
}

function findParseLocation(text: string): { location: Location } | undefined {
  const jiti = /ParseError:[^\n]*\n\s*(\S+):(\d+):(\d+)\s*$/m.exec(text);
  if (jiti) return { location: { file: toPath(jiti[1]!), line: Number(jiti[2]), column: Number(jiti[3]) + 1 } };
  const esbuild = /^(\S+?):(\d+):(\d+): ERROR: /m.exec(text);
  if (esbuild) return { location: { file: toPath(esbuild[1]!), line: Number(esbuild[2]), column: Number(esbuild[3]) + 1 } };
  return undefined;
}

function cleanSyntaxMessage(text: string): string {
  const esbuild = /: ERROR: (.*)$/m.exec(text);
  if (esbuild) return esbuild[1]!.trim();
  return firstLine(text).replace(/^(ParseError|SyntaxError):\s*/, '').trim() || 'Syntax error';
}

async function explainJsonError(text: string, file: string): Promise<LoadErrorExplanation> {
  const detail = text.split('\n').find((line) => /JSON|Unexpected/.test(line) && !line.startsWith('JSON Error in')) ?? firstLine(text);
  const message = detail.replace(/ while parsing .*$/, '').trim();
  const position = /at position (\d+)/.exec(text);
  const source = position ? await readSource(file) : undefined;
  if (!position || source === undefined) return { kind: 'syntax', message, file };
  const before = source.slice(0, Number(position[1]));
  const line = before.split('\n').length;
  return { kind: 'syntax', message, file, line, column: before.length - before.lastIndexOf('\n') };
}

async function explainMissingModule(record: Record<string, unknown>, text: string, file: string): Promise<LoadErrorExplanation> {
  const message = firstLine(text);
  const specifier = /Cannot find (?:module|package) '([^']+)'/.exec(message)?.[1];
  const importer = Array.isArray(record.requireStack) && typeof record.requireStack[0] === 'string' ? record.requireStack[0] : file;
  const source = specifier ? await readSource(importer) : undefined;
  const base = { kind: 'module-not-found' as const, message, missingModule: specifier, file: importer };
  if (!specifier || source === undefined) return base;
  for (const quote of ["'", '"', '`']) {
    const index = source.indexOf(`${quote}${specifier}${quote}`);
    if (index === -1) continue;
    const before = source.slice(0, index);
    return { ...base, line: before.split('\n').length, column: index - before.lastIndexOf('\n') };
  }
  return base;
}

/**
 * The first frame in `file`, else the first frame in a local (non-node_modules) file beside it. Its line is
 * exact; its column is the one in the code jiti generated, so it is found again in the file (`sourceColumn`).
 */
async function findStackFrame(error: unknown, file: string): Promise<Location | undefined> {
  const directory = path.dirname(file) + path.sep;
  // Node names an ES module it imported itself by its real path: under a symlinked folder, not as `file` says it.
  const realDirectory = await realpath(path.dirname(file)).then((real) => real + path.sep, () => directory);
  const frames = stackFrames(error).map((frame) => ({ ...frame, file: spelledAs(frame.file, { real: realDirectory, given: directory }) }));
  const frame =
    frames.find((candidate) => candidate.file === file) ??
    frames.find((candidate) => candidate.file.startsWith(directory) && !candidate.file.slice(directory.length).split(path.sep).includes('node_modules'));
  if (!frame) return undefined;
  const column = frame.column === undefined || frame.native ? frame.column : await sourceColumn({ file: frame.file, line: frame.line, column: frame.column });
  return { file: frame.file, line: frame.line, column };
}

/** `file` under `given` instead of `real` when it is under `real` (the same folder, by its real path). */
function spelledAs(file: string, folders: { real: string; given: string }): string {
  return folders.real !== folders.given && file.startsWith(folders.real) ? folders.given + file.slice(folders.real.length) : file;
}

function toPath(location: string): string {
  return location.startsWith('file://') ? fileURLToPath(location) : location;
}

function firstLine(text: string): string {
  return text.split('\n').find((line) => line.trim() !== '')?.trim() ?? text;
}

async function readSource(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch {
    return undefined;
  }
}
