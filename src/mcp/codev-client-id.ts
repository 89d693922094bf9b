import { randomUUID } from 'node:crypto';
import path from 'node:path';

/** The header codev's MCP client sends to Streamable HTTP servers: `codevClientId` of the project connecting. */
export const CODEV_CLIENT_HEADER = 'x-codev-client';

const idsByDirectory = new Map<string, string>();
const directoriesById = new Map<string, string>();

/**
 * A random id standing for the project folder of a kernel of this process that connects to MCP servers (it tells
 * a remote server nothing), so that codev's own MCP server, served by this process, can tell that the client
 * connecting is the very project it serves: a kernel consuming its own server (see `directoryOfCodevClient`).
 */
export function codevClientId(directory: string): string {
  const resolved = path.resolve(directory);
  let id = idsByDirectory.get(resolved);
  if (!id) {
    id = randomUUID();
    idsByDirectory.set(resolved, id);
    directoriesById.set(id, resolved);
  }
  return id;
}

/** The project folder a `codevClientId` of this process stands for; undefined for any other value (another process's). */
export function directoryOfCodevClient(id: string | string[] | undefined): string | undefined {
  return typeof id === 'string' ? directoriesById.get(id) : undefined;
}
