import { realpath } from 'node:fs/promises';
import os from 'node:os';
import { analyzeShellCommandCached } from './shell/analyze-shell-command-cached.ts';
import type { ShellAnalysis } from './shell/analyze-shell-command.ts';
import { commandFileTargets } from './shell/command-file-targets.ts';
import { resolvePathVariants } from './rules/resolve-path-variants.ts';
import type { Tool, ToolContext, PermissionTarget } from '../tool/types.ts';

/** A path a call touches, with the link path and its resolved target. */
export interface PreparedPath {
  path: string;
  access: 'read' | 'write';
  variants: { lexical: string; real: string };
  /**
   * Where it came from: the tool's own target, a shell redirect, or a file a recognised shell command names
   * (`cat .env`). Command paths meet deny and ask rules and protected paths, nothing else: they are a
   * best-effort reading of the words, so they never make a call ask on their own.
   */
  origin: 'tool' | 'redirect' | 'command';
}

/** A call, with everything rule matching needs computed once. */
export interface PreparedCall {
  tool: Tool;
  input: Record<string, unknown>;
  targets: readonly PermissionTarget[];
  commands: readonly { command: string; analysis: ShellAnalysis }[];
  paths: readonly PreparedPath[];
  urls: readonly string[];
  names: readonly string[];
  /** Shell redirect targets whose file cannot be known before running (`> "$OUT"`). */
  unresolvedWrites: readonly string[];
  cwd: string;
  home: string;
  root: string;
  /** cwd, root and home with symlinks resolved, so real paths match rules anchored at them. */
  realAnchors: { cwd: string; root: string; home: string };
}

/**
 * Asks the tool what the call touches and resolves it: shell commands are parsed (their redirect targets
 * become file writes), paths are expanded (`~`), made absolute and resolved through symlinks.
 */
export async function prepareCall(options: {
  tool: Tool;
  input: Record<string, unknown>;
  context: ToolContext;
  home?: string;
  root?: string;
}): Promise<PreparedCall> {
  const { tool, input, context } = options;
  const home = options.home ?? os.homedir();
  const targets = await tool.getPermissionTargets(input, context);
  const commands: { command: string; analysis: ShellAnalysis }[] = [];
  const pathRequests: { path: string; access: 'read' | 'write'; origin: PreparedPath['origin'] }[] = [];
  const urls: string[] = [];
  const names: string[] = [];
  const unresolvedWrites: string[] = [];
  for (const target of targets) {
    if (target.kind === 'command') {
      const analysis = await analyzeShellCommandCached(target.command);
      commands.push({ command: target.command, analysis });
      if (analysis.ok) {
        for (const write of analysis.writes) {
          if (write.static) pathRequests.push({ path: write.target, access: 'write', origin: 'redirect' });
          else unresolvedWrites.push(write.target);
        }
        for (const named of commandFileTargets(analysis)) pathRequests.push({ ...named, origin: 'command' });
      }
    } else if (target.kind === 'path') pathRequests.push({ path: target.path, access: target.access, origin: 'tool' });
    else if (target.kind === 'url') urls.push(target.url);
    else names.push(target.value);
  }
  const paths = await Promise.all(
    pathRequests.map(async (request) => ({
      ...request,
      variants: await resolvePathVariants({ path: request.path, cwd: context.cwd, home }),
    })),
  );
  const root = options.root ?? context.cwd;
  const realAnchors = paths.length > 0 ? await resolveAnchors({ cwd: context.cwd, root, home }) : { cwd: context.cwd, root, home };
  return { tool, input, targets, commands, paths, urls, names, unresolvedWrites, cwd: context.cwd, home, root, realAnchors };
}

const anchorCache = new Map<string, Promise<string>>();

/** Resolves the anchor directories through symlinks once per process (they do not move during a session). */
async function resolveAnchors(anchors: { cwd: string; root: string; home: string }) {
  const resolve = (directory: string) => {
    let hit = anchorCache.get(directory);
    if (!hit) anchorCache.set(directory, (hit = realpath(directory).catch(() => directory)));
    return hit;
  };
  const [cwd, root, home] = await Promise.all([resolve(anchors.cwd), resolve(anchors.root), resolve(anchors.home)]);
  return { cwd, root, home };
}
