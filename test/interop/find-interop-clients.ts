/** Test-only: where the third-party MCP clients of test/interop/package.json are, or why this machine has none. */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { findRuntimes } from '../runtimes/find-runtimes.ts';
import { installRuntimes } from '../runtimes/install-runtimes.ts';
import { INTEROP_PROJECT } from './install-interop-clients.ts';

/** A client's binary or module, or why this machine cannot run it. */
export type Found = { path: string; missing?: undefined } | { path?: undefined; missing: string };

const MANIFEST = JSON.parse(readFileSync(path.join(INTEROP_PROJECT, 'package.json'), 'utf8')) as { optionalDependencies: Record<string, string> };
/** The MCP Inspector's `engines`: older Nodes fail on it. */
const INSPECTOR_NODE = [22, 19] as const;

/** `linux-x64`, `linux-x64-musl`, `darwin-arm64`…: the suffix of Claude Code's platform package for this machine. */
function claudeCodePlatform(): string {
  const glibc = process.platform === 'linux' && (process.report?.getReport() as { header?: { glibcVersionRuntime?: string } } | undefined)?.header?.glibcVersionRuntime;
  const musl = process.platform === 'linux' && !glibc ? '-musl' : '';
  return `${process.platform}-${process.arch}${musl}`;
}

/**
 * Claude Code's native binary from its platform package. On a platform Claude Code has a build for, a missing
 * binary is a broken install and throws; elsewhere `missing` says why (the tests skip, saying so).
 */
export function findClaudeCode(installed: string): Found {
  const name = `@anthropic-ai/claude-code-${claudeCodePlatform()}`;
  if (!(name in MANIFEST.optionalDependencies)) return { missing: `Claude Code has no build for ${claudeCodePlatform()} (test/interop/package.json lists its platform packages)` };
  const binary = path.join(installed, 'node_modules', name, process.platform === 'win32' ? 'claude.exe' : 'claude');
  if (!existsSync(binary)) throw new Error(`${binary} is not installed. Delete node_modules/.codev-interop-lock.json in ${installed} to reinstall.`);
  return { path: binary };
}

/** The MCP Inspector's launcher script (`mcp-inspector --cli …`). */
export function inspectorLauncher(installed: string): string {
  return path.join(installed, 'node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js');
}

/**
 * A Node the MCP Inspector runs on (>= 22.19): this one when it is recent enough, else test/runtimes' Node 24
 * (installed by install-runtimes.ts, Linux x64 only; elsewhere `missing` says why).
 */
export async function findInspectorNode(): Promise<Found> {
  const [major, minor] = process.versions.node.split('.').map(Number) as [number, number];
  if (major > INSPECTOR_NODE[0] || (major === INSPECTOR_NODE[0] && minor >= INSPECTOR_NODE[1])) return { path: process.execPath };
  const node24 = findRuntimes({ installed: await installRuntimes(), denoDir: '' }).find((runtime) => runtime.name === 'Node 24');
  return node24?.binary ? { path: node24.binary } : { missing: `the MCP Inspector needs Node >= ${INSPECTOR_NODE.join('.')}, this is ${process.version}, and ${node24?.missing ?? 'test/runtimes has no Node 24'}` };
}

/** The file URL of a module of the folder's install (`@modelcontextprotocol/client/stdio`), for `import()`. */
export function installedModule(installed: string, file: string): string {
  return pathToFileURL(path.join(installed, 'node_modules', file)).href;
}
