import { readdir, realpath } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ReadResourceResult, Resource } from '@modelcontextprotocol/sdk/types';
import { openRegularFile } from '../files/open-regular-file.ts';
import { readUpTo } from '../files/read-up-to.ts';
import { realPathOfHandle } from '../files/real-path-of-handle.ts';

/** The largest saved result `resources/read` sends (bytes): the result budget saves far smaller ones. */
const MAX_RESOURCE_BYTES = 16 * 1024 * 1024;
const SAVED_RESULT_NAME = /^[\w.-]+\.(txt|json)$/;

/**
 * The results of a session that were too large to send whole (saved by codev's result budget in the
 * session's `tool-results` folder), as MCP resources: `file://` URIs, readable only through this session.
 */
export async function listResultResources(resultsDirectory: string): Promise<Resource[]> {
  const entries = await readdir(resultsDirectory, { withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile() && SAVED_RESULT_NAME.test(entry.name))
    .map((entry) => entry.name)
    .sort()
    .map((name) => ({ uri: pathToFileURL(path.join(resultsDirectory, name)).href, name, mimeType: mimeTypeOf(name) }));
}

/**
 * Reads one saved result by its URI, or undefined when the URI names anything else: a file outside the
 * session's results folder (by `..`, another folder, a link swapped in), or one that is not a regular file.
 * The file is judged by the descriptor it is read from, so a path changed after the check reads nothing.
 */
export async function readResultResource(options: { resultsDirectory: string; uri: string }): Promise<ReadResourceResult | undefined> {
  const { resultsDirectory, uri } = options;
  let filePath: string;
  try {
    filePath = fileURLToPath(uri);
  } catch {
    return undefined;
  }
  const name = path.basename(filePath);
  if (path.dirname(filePath) !== resultsDirectory || !SAVED_RESULT_NAME.test(name)) return undefined;
  const opened = await openRegularFile(filePath, { followLinks: false }).catch(() => undefined);
  if (!opened?.ok) return undefined;
  try {
    const real = await realPathOfHandle(opened.handle, filePath);
    const realDirectory = await realpath(resultsDirectory).catch(() => undefined);
    if (real === undefined || realDirectory === undefined || real !== path.join(realDirectory, name)) return undefined;
    const bytes = await readUpTo(opened.handle, MAX_RESOURCE_BYTES, opened.stats.size);
    return { contents: [{ uri, mimeType: mimeTypeOf(name), text: bytes.toString('utf8') }] };
  } finally {
    await opened.handle.close();
  }
}

function mimeTypeOf(name: string): string {
  return name.endsWith('.json') ? 'application/json' : 'text/plain';
}
