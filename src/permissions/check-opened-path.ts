import { CodevError } from '../errors/codev-error.ts';
import { isNormalizedPathInside } from '../files/is-path-inside.ts';
import type { CheckedPath } from '../tool/types.ts';

/**
 * Checks that what a tool opened is what the permission decision judged: `real`, the path the kernel gives
 * for the open descriptor (see realPathOfHandle), must be one of the names the decision checked (the path as
 * named or as it resolved then), or lie below one when `below` (a folder searched whole). A folder swapped
 * for a symlink between the decision and the call leads elsewhere, and the call is refused with
 * PATH_CHANGED before a byte is read or written. Without `checkedPaths` (no decision was made, as when a
 * tool's `call()` is run directly) there is nothing to hold and nothing is checked.
 */
export function checkOpenedPath(options: { checkedPaths: readonly CheckedPath[] | undefined; requested: string; real: string | undefined; below?: boolean }): void {
  const { checkedPaths, requested, real } = options;
  if (!checkedPaths) return;
  const judged = (name: string) => real !== undefined && (real === name || (options.below === true && isNormalizedPathInside(real, name)));
  if (checkedPaths.some((entry) => judged(entry.real) || judged(entry.lexical))) return;
  const expected = checkedPaths[0]?.real;
  const now = real === undefined ? 'no longer has a name' : `now leads to ${real}`;
  throw new CodevError(
    'PATH_CHANGED',
    `${requested} ${now}${expected ? `, not to ${expected} as when permission was decided` : ', which no permission decision covers'}: a folder or link on the way was swapped since. Nothing was read or written.`,
    { file: requested, hint: 'Check what replaced the folder before trying again.' },
  );
}
