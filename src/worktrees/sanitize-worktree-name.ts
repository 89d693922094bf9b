export const MAX_WORKTREE_NAME_LENGTH = 48;

/**
 * A name safe as a folder name and as a git branch component: lowercase ASCII letters, digits, `-` and `_`,
 * at most {@link MAX_WORKTREE_NAME_LENGTH} characters, `agent` when nothing is left.
 *
 * @example sanitizeWorktreeName('Explore: café/..v2') // 'explore-cafe-v2'
 */
export function sanitizeWorktreeName(name: string): string {
  const cleaned = name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[-_]+/, '')
    .slice(0, MAX_WORKTREE_NAME_LENGTH)
    .replace(/[-_]+$/, '');
  return cleaned || 'agent';
}
