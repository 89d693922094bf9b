/**
 * A line of a `.gitignore` in a folder above a root, as it applies from the root (`prefix`: the root's path
 * from that folder, `/`-separated), or `undefined` when it cannot match under the root. Patterns without an
 * inner slash match at any depth and stay as they are; anchored ones keep what lies under the root. A pattern
 * with a wildcard in the part above the root is left out (the root's own files are then recorded: safe side).
 */
export function reanchorIgnorePattern(line: string, prefix: string): string | undefined {
  const trimmed = line.replace(/(?<!\\)\s+$/, '');
  if (trimmed === '' || trimmed.startsWith('#')) return undefined;
  const negated = trimmed.startsWith('!');
  let body = negated ? trimmed.slice(1) : trimmed;
  const folderOnly = body.endsWith('/');
  if (folderOnly) body = body.slice(0, -1);
  if (!body.includes('/') || body.startsWith('**/')) return trimmed;
  const anchored = body.replace(/^\//, '');
  if (!anchored.startsWith(`${prefix}/`)) return undefined;
  return `${negated ? '!' : ''}/${anchored.slice(prefix.length + 1)}${folderOnly ? '/' : ''}`;
}
