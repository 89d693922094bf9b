import os from 'node:os';
import path from 'node:path';
import { expandShellGlob } from './expand-shell-glob.ts';
import { runSteps } from './run-steps.ts';
import { resolvePathVariantsSync, type PathVariants } from './rules/resolve-path-variants.ts';
import { shellFileRequests, type ShellFileRequest } from './shell-file-requests.ts';
import { analyzeShellCommandCached } from './shell/analyze-shell-command-cached.ts';
import type { ShellAnalysis } from './shell/analyze-shell-command.ts';
import { resolveInDirectory } from './shell/directories.ts';
import type { Tool, ToolContext, PermissionTarget } from '../tool/types.ts';
import { callToolMethod } from '../tool/build-tool.ts';

/** A path a call touches, with the link path and its resolved target. */
export interface PreparedPath {
  path: string;
  access: 'read' | 'write';
  variants: PathVariants;
  /**
   * Where it came from: the tool's own target; a shell redirect or a file a command writes through an
   * option or script (`sed 'w f'`), both checked like the Edit tool's writes; a file a recognised command is
   * given (`cat .env`, `rm build`), approved with the command inside the working directories and needing Read
   * or Edit permission outside them; or a word that may name a file (`python3 x.py .env`), matched against
   * deny and ask rules only.
   */
  origin: 'tool' | 'redirect' | 'option' | 'operand' | 'possible';
  /** A folder with everything below it (`grep -r x dir`, `rm -r dir`). */
  recursive?: boolean;
}

/** A path before its symlinks are resolved. */
type PathRequest = Omit<PreparedPath, 'variants'>;

/** A call, with everything rule matching needs computed once. */
export interface PreparedCall {
  tool: Tool;
  input: Record<string, unknown>;
  targets: readonly PermissionTarget[];
  commands: readonly { command: string; analysis: ShellAnalysis; sandboxed: boolean }[];
  paths: readonly PreparedPath[];
  urls: readonly string[];
  names: readonly string[];
  /** Files a shell command writes whose names are only known at run time (`> "$OUT"`, `cd "$D" && rm x`). */
  unresolvedWrites: readonly string[];
  /** Files a shell command reads whose names are only known at run time (`cat "$F"`, `xargs cat`). */
  unresolvedReads: readonly string[];
  cwd: string;
  home: string;
  root: string;
  /** cwd, root and home with symlinks resolved, so real paths match rules anchored at them. */
  realAnchors: { cwd: string; root: string; home: string };
}

/**
 * Asks the tool what the call touches and resolves it: shell commands are parsed, and the files they read
 * and write (redirects, and what their programs do with their words) are resolved against the directories
 * each part runs in, globs expanded on disk; paths are expanded (`~`), made absolute and resolved through
 * symlinks.
 */
export async function prepareCall(options: PrepareOptions): Promise<PreparedCall> {
  return runSteps(preparationSteps(options));
}

/** `prepareCall` without a promise when nothing needs waiting for (no shell command, a tool that answers at once): the tool-call path. */
export function prepareCallNow(options: PrepareOptions): PreparedCall | Promise<PreparedCall> {
  return runSteps(preparationSteps(options));
}

/** What `prepareCall` prepares. */
export interface PrepareOptions {
  tool: Tool;
  input: Record<string, unknown>;
  context: ToolContext;
  home?: string;
  root?: string;
  /**
   * Whether to resolve the words that only may name files (`possible`): they only ever meet Read and Edit
   * deny and ask rules, so without any such rule they are skipped. Default true.
   */
  possibleFiles?: boolean;
}

/** The body of `prepareCall`: each `yield` is an `await` (see `runSteps`). */
function* preparationSteps(options: PrepareOptions): Generator<unknown, PreparedCall, unknown> {
  const { tool, input, context } = options;
  const home = options.home ?? os.homedir();
  const found = callToolMethod(tool, 'getPermissionTargets', input, context);
  // The tool's own answer without a promise when it answered at once (most tools do).
  const targets = (yield found) as readonly PermissionTarget[];
  const commands: PreparedCall['commands'][number][] = [];
  const pathRequests: PathRequest[] = [];
  const urls: string[] = [];
  const names: string[] = [];
  const unresolved = { read: [] as string[], write: [] as string[] };
  for (const target of targets) {
    if (target.kind === 'command') {
      const analysis = (yield analyzeShellCommandCached(target.command)) as Awaited<ReturnType<typeof analyzeShellCommandCached>>;
      commands.push({ command: target.command, analysis, sandboxed: target.sandboxed === true });
      if (!analysis.ok) continue;
      for (const request of shellFileRequests(analysis)) {
        if (request.origin === 'possible' && options.possibleFiles === false) continue;
        const resolved = (yield resolveRequest(request, context.cwd)) as Awaited<ReturnType<typeof resolveRequest>>;
        if (resolved === undefined) unresolved[request.access].push(request.word.value);
        else pathRequests.push(...resolved);
      }
    } else if (target.kind === 'path') pathRequests.push({ path: target.path, access: target.access, origin: 'tool' });
    else if (target.kind === 'url') urls.push(target.url);
    else names.push(target.value);
  }
  const paths = dedupe(pathRequests.map((request) => ({ ...request, variants: resolvePathVariantsSync({ path: request.path, cwd: context.cwd, home }) })));
  // `missing/../x`: the name before `..` may be made a link to anywhere before the path is used.
  for (const entry of paths) if (entry.variants.unresolvable !== undefined) unresolved[entry.access].push(entry.path);
  const root = options.root ?? context.cwd;
  const realAnchors = paths.length > 0 ? resolveAnchors({ cwd: context.cwd, root, home }) : { cwd: context.cwd, root, home };
  return { tool, input, targets, commands, paths, urls, names, unresolvedWrites: unresolved.write, unresolvedReads: unresolved.read, cwd: context.cwd, home, root, realAnchors };
}

/** A shell file request as paths (one per directory it may run in, globs expanded), or undefined when unknowable. */
async function resolveRequest(request: ShellFileRequest, cwd: string): Promise<PathRequest[] | undefined> {
  const { word } = request;
  // A `~` prefix other than `~/` (`if=~+/x`, a value after `=` that bash expands too) names a place only the run knows.
  if (word.dynamic || word.userTilde || word.processSubstitution || word.value === '' || /^~[^/]/.test(word.value)) return undefined;
  const absolute = path.posix.isAbsolute(word.value) || word.value === '~' || word.value.startsWith('~/');
  const directories = request.directories ?? (absolute ? ['.'] : undefined);
  if (directories === undefined) return undefined;
  const resolved: PathRequest[] = [];
  for (const directory of directories) {
    const target = resolveInDirectory(directory, word.value);
    if (target === undefined) return undefined;
    const base = { access: request.access, origin: request.origin, ...(request.recursive ? { recursive: true } : {}) };
    if (!word.glob || target.startsWith('~')) {
      resolved.push({ path: target, ...base });
      continue;
    }
    // Joined as written: the kernel resolves `link/..` in a glob's folder through the link.
    const expansion = await expandShellGlob(path.posix.isAbsolute(target) ? target : `${cwd}/${target}`);
    if ('below' in expansion) resolved.push({ path: expansion.below, ...base, recursive: true });
    else resolved.push(...expansion.paths.map((match) => ({ path: match, ...base })));
  }
  return resolved;
}

function dedupe(paths: PreparedPath[]): PreparedPath[] {
  const seen = new Set<string>();
  return paths.filter((entry) => {
    const key = `${entry.access}\u0000${entry.origin}\u0000${entry.recursive === true}\u0000${entry.variants.lexical}\u0000${entry.variants.real}\u0000${entry.variants.written}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const anchorCache = new Map<string, string>();

/** Resolves the anchor directories through symlinks once per process (they do not move during a session). */
function resolveAnchors(anchors: { cwd: string; root: string; home: string }) {
  const resolve = (directory: string) => {
    let hit = anchorCache.get(directory);
    if (hit === undefined) anchorCache.set(directory, (hit = resolvePathVariantsSync({ path: directory, cwd: directory, home: anchors.home }).real));
    return hit;
  };
  return { cwd: resolve(anchors.cwd), root: resolve(anchors.root), home: resolve(anchors.home) };
}
