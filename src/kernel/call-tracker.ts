import { withToolSource } from '../tool/build-tool.ts';
import type { Tool } from '../tool/types.ts';

/** Counts the running calls of one owner's tools (a plugin), so it can be disposed once they have ended. */
export interface CallTracker {
  /** Calls of the tracked tools that have started and not settled. */
  readonly running: number;
  /**
   * The tool with a counted `call` (and `source` set, when given); the same copy every time for the same
   * tool, so identities stay stable across generations.
   */
  track<T extends Tool>(tool: T, source?: Tool['source']): T;
  /** Resolves when no tracked call is running (at once if none is). */
  idle(): Promise<void>;
}

const trackers = new WeakMap<object, CallTracker>();

/** The tracker of `owner`, made on first use and dropped with the owner. */
export function callTrackerOf(owner: object): CallTracker {
  let tracker = trackers.get(owner);
  if (!tracker) {
    tracker = createCallTracker();
    trackers.set(owner, tracker);
  }
  return tracker;
}

function createCallTracker(): CallTracker {
  let running = 0;
  let waiters: (() => void)[] = [];
  const copies = new WeakMap<Tool, Tool>();
  const settle = () => {
    running -= 1;
    if (running > 0) return;
    const ready = waiters;
    waiters = [];
    ready.forEach((resolve) => resolve());
  };
  return {
    get running() {
      return running;
    },
    track<T extends Tool>(tool: T, source: Tool['source'] = tool.source): T {
      const known = copies.get(tool);
      if (known) return known as T;
      async function call(input: unknown, context: Parameters<T['call']>[1]) {
        running += 1;
        try {
          return await tool.call(input as never, context);
        } finally {
          settle();
        }
      }
      // A plain frozen, marked copy (as `withToolSource` makes), so spreading it elsewhere loses nothing.
      const copy = withToolSource({ ...tool, call }, source);
      copies.set(tool, copy);
      return copy;
    },
    idle: () => (running === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve))),
  };
}
