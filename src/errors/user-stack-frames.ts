import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** One `at …` line of a V8 stack, with the file and the (generated) position it names. */
export interface StackFrame {
  /** The line as V8 wrote it, trimmed (`at helper (/p/plugin.ts:7:33)`). */
  text: string;
  file: string;
  line: number;
  /** As V8 reports it: in the code jiti generated, so not always the column in the file (unless `native`). */
  column?: number;
  /** The frame names a `file://` URL: code Node loaded itself (not through jiti), whose columns are the file's. */
  native: boolean;
}

const CODEV_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CODEV_OWN = ['src', 'dist', 'bin'].map((folder) => path.join(CODEV_ROOT, folder) + path.sep);

/** Every `at …` frame of `error`'s stack that names a file (node: internals and native frames have none). */
export function stackFrames(error: unknown): StackFrame[] {
  const stack = typeof error === 'object' && error !== null ? (error as { stack?: unknown }).stack : undefined;
  if (typeof stack !== 'string') return [];
  return stack.split('\n').flatMap((raw) => {
    const text = raw.trim();
    if (!text.startsWith('at ')) return [];
    const match = /(?:\(|\bat |^)((?:file:\/\/)?\/[^\s()]+?):(\d+)(?::(\d+))?\)?\s*$/.exec(text);
    if (!match) return [];
    const file = match[1]!.startsWith('file://') ? fileURLToPath(match[1]!) : match[1]!;
    return [{ text, file, line: Number(match[2]), column: match[3] === undefined ? undefined : Number(match[3]), native: match[1]!.startsWith('file://') }];
  });
}

/**
 * True for a frame in the user's code: not codev's own sources, not a package in a `node_modules` folder
 * (a dot folder such as `node_modules/.cache` holds no package), not Node's internals.
 */
export function isUserFrame(frame: Pick<StackFrame, 'file'>): boolean {
  if (CODEV_OWN.some((own) => frame.file.startsWith(own))) return false;
  const segments = frame.file.split(path.sep);
  return !segments.some((segment, index) => segment === 'node_modules' && !(segments[index + 1] ?? '').startsWith('.'));
}

/**
 * The stack lines to show a person under an error: the user's frames only, or with `verbose` (`--verbose`,
 * `CODEV_DEBUG=1`) the whole stack, codev's and node_modules' frames too. Each line is indented `    at …`.
 */
export function formatUserStack(error: unknown, options: { verbose?: boolean } = {}): string[] {
  if (options.verbose) {
    const stack = typeof error === 'object' && error !== null ? (error as { stack?: unknown }).stack : undefined;
    return typeof stack === 'string' ? stack.split('\n').filter((line) => line.trim().startsWith('at ')).map((line) => `    ${line.trim()}`) : [];
  }
  return stackFrames(error).filter(isUserFrame).map((frame) => `    ${frame.text}`);
}

/** `--verbose` on the command line or `CODEV_DEBUG=1` (or `true`) in the environment. */
export function isVerbose(options: { argv: readonly string[]; env: Readonly<Record<string, string | undefined>> }): boolean {
  const debug = options.env.CODEV_DEBUG?.trim().toLowerCase();
  return options.argv.includes('--verbose') || debug === '1' || debug === 'true';
}
