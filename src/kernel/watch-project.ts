import path from 'node:path';
import type { FSWatcher } from 'chokidar';
import type { WatchPlan } from './watch-plan.ts';
import { findMissedEntries } from './find-missed-entries.ts';
import { pathExists } from '../files/path-exists.ts';
import type { PluginPathEvent } from '../plugins/discover-plugins.ts';

/** The file changes of one burst of events. */
export interface FileChanges {
  config: boolean;
  settings: boolean;
  /** Plugin files and folders that were added, changed or removed (absolute). */
  paths: Set<string>;
  /** This burst's number: 1, 2, 3… (a reload can tell that it missed one). */
  burst: number;
  /**
   * The events on those paths, in order; absent when some may have been missed (the first burst after the
   * watcher was replaced or reported an error), so that discovery lists the plugin folders again.
   */
  pluginEvents?: PluginPathEvent[];
  /** A skill or agent definition was added, changed or removed: a new generation, no plugin import. */
  definitions: boolean;
}

/** A running watcher. */
export interface ProjectWatcher {
  /** Follows a new plan (after a reload changed what exists or what the config lists). */
  update(plan: WatchPlan): Promise<void>;
  /** Stops watching; a burst not yet reported is dropped. */
  close(): Promise<void>;
}

/** How deep below each root chokidar reads: `<root>/.codev/skills/<skill>/SKILL.md` before `.codev` exists. */
const WATCH_DEPTH = 3;
/** How long an entry must stay unknown to chokidar to count as missed. */
const CONFIRM_MISSED_MS = 500;
/** How long a new folder's check waits for chokidar to have read and watched it. */
const SETTLE_LIMIT_MS = 10_000;

/**
 * Watches a project with chokidar and reports each burst of relevant events once, `debounceMs` after the
 * last one (chunked writes and atomic saves make several events per save; chokidar's `atomic` turns a
 * rename-over or a vim-style save into one `change`). Resolves once the initial scan is done, so an edit
 * made after it is never missed. Each new folder is compared with the disk once chokidar watches it, and
 * what chokidar missed in it is reported and watched (see {@link findMissedEntries}).
 */
export async function watchProject(options: {
  plan: WatchPlan;
  debounceMs: number;
  onChanges: (changes: FileChanges) => void;
  onError: (error: unknown) => void;
}): Promise<ProjectWatcher> {
  let plan = options.plan;
  let burst: FileChanges | undefined;
  let timer: NodeJS.Timeout | undefined;
  /** Events may have been missed since the last burst: the next one does not vouch for its plugin events. */
  let missed = false;
  let bursts = 0;
  let closed = false;
  const flush = () => {
    timer = undefined;
    const changes = burst;
    burst = undefined;
    if (changes) options.onChanges(changes);
  };
  const onEvent = (event: string, file: string) => {
    const kind = plan.classify(file, event === 'addDir' || event === 'unlinkDir' ? 'directory' : 'file');
    if (!kind) return;
    if (!burst) {
      burst = { config: false, settings: false, paths: new Set(), definitions: false, burst: ++bursts, ...(missed ? {} : { pluginEvents: [] }) };
      missed = false;
    }
    if (kind === 'plugin') {
      burst.paths.add(file);
      burst.pluginEvents?.push({ event, file });
    }
    else if (kind === 'skills' || kind === 'agents') burst.definitions = true;
    else burst[kind] = true;
    if (timer) clearTimeout(timer);
    timer = setTimeout(flush, options.debounceMs);
  };
  /** Reports what chokidar missed in a new folder, and has it watch the folders it missed. */
  const checkNewFolder = async (directory: string) => {
    const watcher = current;
    const reads = (folder: string) => isWatching(watcher.watcher, folder) && readsFolder([...watcher.roots, ...watcher.added], folder);
    const find = () => findMissedEntries({ directory, known: watcher.watcher.getWatched(), ignored: (file) => plan.ignored(file), reads });
    const first = await find();
    if (first.length === 0) return;
    // chokidar records a listed file only once it has stat-ed it: what it still lacks a moment later was missed.
    await new Promise((resolve) => setTimeout(resolve, CONFIRM_MISSED_MS).unref());
    const seenFirst = new Set(first.map((entry) => entry.path));
    const missedEntries = (await find()).filter((entry) => seenFirst.has(entry.path));
    if (closed || watcher !== current || missedEntries.length === 0) return;
    for (const entry of missedEntries) onEvent(entry.entry === 'directory' ? 'addDir' : 'add', entry.path);
    // Made-up events may be out of order with the real ones: the reload lists the plugin folders again.
    if (burst) delete burst.pluginEvents;
    else missed = true;
    const folders = new Set(missedEntries.filter((entry) => entry.entry === 'directory').map((entry) => entry.path));
    for (const folder of folders) {
      if (folders.has(path.dirname(folder))) continue;
      watcher.added.push(folder);
      watcher.watcher.add(folder);
      settle(folder);
    }
  };
  const settleTimers = new Set<NodeJS.Timeout>();
  /** Checks `directory` once chokidar has read it and watches it (or, at the latest, after {@link SETTLE_LIMIT_MS}). */
  const settle = (directory: string, waited = 0) => {
    const timer = setTimeout(() => {
      settleTimers.delete(timer);
      if (closed) return;
      if (!isWatching(current.watcher, directory) && waited < SETTLE_LIMIT_MS) settle(directory, waited + options.debounceMs);
      else void checkNewFolder(directory).catch(onError);
    }, options.debounceMs);
    settleTimers.add(timer);
  };
  const onError = (error: unknown) => {
    missed = true;
    if (burst) delete burst.pluginEvents;
    options.onError(error);
  };
  const onWatcherEvent = (event: string, file: string) => {
    if (event === 'addDir') settle(file);
    onEvent(event, file);
  };
  let current = await startWatcher({ roots: await existingRoots(plan.paths), ignored: (file) => plan.ignored(file), onEvent: onWatcherEvent, onError });
  /** The update in flight, if any: updates run one at a time, and close() waits for one to end. */
  let updating: Promise<void> = Promise.resolve();
  const replaceWatcher = async (next: WatchPlan) => {
    plan = next;
    const roots = await existingRoots(next.paths);
    if (closed || (roots.length === current.roots.length && roots.every((root) => current.roots.includes(root)))) return;
    // A fresh watcher, ready before the old one stops: chokidar's `add()` has no `ready`, so an edit made
    // right after it could be missed, and `unwatch()` would ignore its paths for good.
    const fresh = await startWatcher({ roots, ignored: (file) => plan.ignored(file), onEvent: onWatcherEvent, onError });
    // Closed while it started: nobody would ever close it, and its handles would keep the process alive.
    if (closed) return fresh.watcher.close();
    const replaced = current;
    current = fresh;
    await replaced.watcher.close();
    // Between the two watchers an event may have gone unseen: the next burst lists the folders again.
    missed = true;
    if (burst) delete burst.pluginEvents;
  };
  return {
    update(next) {
      // A failed update (reported to its caller) does not stop the next one.
      updating = updating.catch(() => undefined).then(() => replaceWatcher(next));
      return updating;
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      burst = undefined;
      settleTimers.forEach(clearTimeout);
      settleTimers.clear();
      await updating.catch(() => undefined);
      await current.watcher.close();
    },
  };
}

async function startWatcher(options: {
  roots: string[];
  ignored: (file: string) => boolean;
  onEvent: (event: string, file: string) => void;
  onError: (error: unknown) => void;
}): Promise<{ watcher: FSWatcher; roots: string[]; added: string[] }> {
  // Loaded when a project is first watched, not with the kernel.
  const { watch } = await import('chokidar');
  const watcher = watch(options.roots, {
    ignoreInitial: true,
    // <config dir>/plugins/<name>/index.ts, <plugins>/<name>/skills/<skill>/SKILL.md and
    // <root>/.codev/skills/<skill>/SKILL.md before `.codev/skills` exists; the plan's `ignored` prunes everything else.
    depth: WATCH_DEPTH,
    ignored: options.ignored,
  });
  watcher.on('all', options.onEvent);
  watcher.on('error', options.onError);
  await new Promise<void>((resolve) => watcher.once('ready', resolve));
  // `added`: folders chokidar missed and was then asked to watch on their own.
  return { watcher, roots: options.roots, added: [] };
}

/**
 * Whether chokidar has read `folder` and watches it: it records the folder's closer only then (chokidar
 * 4's `_closers`; the version is pinned). Before that, what it has not seen yet is not missed.
 */
function isWatching(watcher: FSWatcher, folder: string): boolean {
  return watcher._closers.has(folder);
}

/** Whether chokidar reads `folder`: it is at most {@link WATCH_DEPTH} below one of the roots. */
function readsFolder(roots: readonly string[], folder: string): boolean {
  return roots.some((root) => {
    if (folder === root) return true;
    if (!folder.startsWith(root + path.sep)) return false;
    return folder.slice(root.length + 1).split(path.sep).length <= WATCH_DEPTH;
  });
}

/**
 * Each path, or for one that does not exist yet its nearest existing ancestor (the plan's `ignored` keeps
 * the walk from there narrow). chokidar's own handling of missing paths can emit `ready` before the other
 * paths are scanned, and an edit made just after would then be missed.
 */
async function existingRoots(paths: readonly string[]): Promise<string[]> {
  const roots = new Set<string>();
  for (const file of paths) {
    let candidate = file;
    while (!(await pathExists(candidate, { followLinks: true })) && path.dirname(candidate) !== candidate) candidate = path.dirname(candidate);
    roots.add(candidate);
  }
  return [...roots];
}
