/** A clone may move a large repository over the network. */
export const CLONE_TIMEOUT_MS = 600_000;
/** A fetch or push of one job's refs moves one turn's objects at most. */
export const NETWORK_TIMEOUT_MS = 300_000;
/** A command over the whole checkout (`add -A`, `checkout`, `diff`) on a large tree. */
export const TREE_TIMEOUT_MS = 120_000;
