import { createHash, randomUUID } from 'node:crypto';
import path from 'node:path';

/** The experimental capability under which a codev MCP server says which codev process and project it is. */
export const CODEV_INSTANCE_CAPABILITY = 'codev/instance';

/** This process's id, the same for every server it serves and every client it connects. */
export const CODEV_INSTANCE_ID = randomUUID();

/** What a codev MCP server serving the project at `root` announces (under {@link CODEV_INSTANCE_CAPABILITY}). */
export function codevInstance(root: string): { id: string; project: string } {
  return { id: CODEV_INSTANCE_ID, project: projectKey(root) };
}

// A digest, not the path: clients need not learn where the project lives.
function projectKey(root: string): string {
  return createHash('sha256').update(`${CODEV_INSTANCE_ID}\0${path.resolve(root)}`).digest('hex');
}

/**
 * Whether the server of these capabilities is this very process serving the project at `root`: a project's
 * `.mcp.json` naming the URL its own codev serves on, which would make it its own client and serve its own tools
 * again at each reload. Another project's server in the same process (an embedder's gateway) is not.
 */
export function isThisCodev(capabilities: { experimental?: Record<string, unknown> } | undefined, root: string): boolean {
  const instance = capabilities?.experimental?.[CODEV_INSTANCE_CAPABILITY] as { id?: unknown; project?: unknown } | undefined;
  return instance?.id === CODEV_INSTANCE_ID && instance.project === projectKey(root);
}
