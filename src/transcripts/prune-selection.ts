/** A session as pruning sees it: when it was last written (ms), its parent session, its size when known. */
export interface SessionNode {
  id: string;
  writtenAt: number;
  parent?: string;
  bytes?: number;
}

/** A top-level session and the subagent sessions below it (itself first), as recent as its newest member. */
export interface SessionGroup {
  root: SessionNode;
  members: SessionNode[];
  writtenAt: number;
}

/**
 * The groups to remove, oldest first: each top-level session (or subagent session whose parent is gone)
 * with every session below it, ranked by their newest write; those past the `keep` most recent whose
 * newest write is more than `olderThanMs` ago (either rule alone when the other is undefined).
 */
export function pruneSelection(options: { sessions: readonly SessionNode[]; olderThanMs?: number; keep?: number; now: number }): SessionGroup[] {
  const { sessions, olderThanMs, keep = 0, now } = options;
  const byId = new Map(sessions.map((session) => [session.id, session]));
  const children = new Map<string, SessionNode[]>();
  for (const session of sessions) {
    if (session.parent === undefined || !byId.has(session.parent) || session.parent === session.id) continue;
    children.set(session.parent, [...(children.get(session.parent) ?? []), session]);
  }
  const claimed = new Set<string>();
  const groupOf = (root: SessionNode): SessionGroup => {
    const members: SessionNode[] = [];
    const pending = [root];
    while (pending.length > 0) {
      const next = pending.shift()!;
      // A parent chain edited into a cycle is walked once.
      if (claimed.has(next.id)) continue;
      claimed.add(next.id);
      members.push(next);
      pending.push(...(children.get(next.id) ?? []));
    }
    return { root, members, writtenAt: Math.max(...members.map((member) => member.writtenAt)) };
  };
  const roots = sessions.filter((session) => session.parent === undefined || !byId.has(session.parent) || session.parent === session.id);
  const groups = roots.map(groupOf).sort((left, right) => right.writtenAt - left.writtenAt || left.root.id.localeCompare(right.root.id));
  return groups.filter((group, rank) => rank >= keep && (olderThanMs === undefined || now - group.writtenAt > olderThanMs)).reverse();
}
