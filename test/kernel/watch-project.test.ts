import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createWatchPlan, type WatchPlan } from '../../src/kernel/watch-plan.ts';
import { watchProject, type FileChanges, type ProjectWatcher } from '../../src/kernel/watch-project.ts';
import { findMissedEntries } from '../../src/kernel/find-missed-entries.ts';
import { createTempProject, type TempProject } from '../../src/plugins/test-fixtures/create-temp-project.ts';

const projects: TempProject[] = [];
const watchers: ProjectWatcher[] = [];
afterEach(async () => {
  await Promise.all(watchers.splice(0).map((watcher) => watcher.close()));
  await Promise.all(projects.splice(0).map((project) => project.cleanup()));
});

async function project(): Promise<TempProject> {
  const dir = await createTempProject({ files: { 'package.json': '{}' } });
  projects.push(dir);
  return dir;
}

function planOf(dir: TempProject): WatchPlan {
  return createWatchPlan({ configDirectories: [dir.root], settingsFile: dir.path('.codev/settings.local.json'), pluginDirectories: [dir.path('plugins')], pluginFiles: [], projectDirectories: [dir.root] });
}

/** Starts watching; resolves each burst in turn. */
async function watching(plan: WatchPlan): Promise<{ next(): Promise<FileChanges>; errors: unknown[] }> {
  const bursts: FileChanges[] = [];
  const errors: unknown[] = [];
  let wake: (() => void) | undefined;
  const watcher = await watchProject({ plan, debounceMs: 50, onChanges: (changes) => (bursts.push(changes), wake?.()), onError: (error) => errors.push(error) });
  watchers.push(watcher);
  return {
    errors,
    async next() {
      const deadline = Date.now() + 10_000;
      while (bursts.length === 0 && Date.now() < deadline) await new Promise<void>((resolve) => ((wake = resolve), setTimeout(resolve, 100)));
      const changes = bursts.shift();
      if (!changes) throw new Error('No burst of changes within 10 s');
      return changes;
    },
  };
}

describe('watchProject', () => {
  it('reports a skill made inside a new folder between chokidar reading that folder and watching it', async () => {
    const dir = await project();
    const plan = planOf(dir);
    let raced = false;
    // chokidar asks `ignored` about each entry of the folder it just listed, before it watches the folder:
    // the skill is made exactly then, so chokidar's listing lacks it and its watch starts too late to see it.
    const racing: WatchPlan = {
      ...plan,
      ignored(file) {
        if (file === dir.path('.codev/notes') && !raced) {
          raced = true;
          mkdirSync(dir.path('.codev/skills/first'), { recursive: true });
          writeFileSync(dir.path('.codev/skills/first/SKILL.md'), '---\ndescription: First\n---\n');
        }
        return plan.ignored(file);
      },
    };
    const { next, errors } = await watching(racing);
    // `.codev` appears whole (renamed into place) with one unrelated folder in it.
    await mkdir(dir.path('staging/notes'), { recursive: true });
    await rename(dir.path('staging'), dir.path('.codev'));
    expect((await next()).definitions).toBe(true);
    expect(raced).toBe(true);
    // The missed folder is watched from then on: a second skill in it is reported.
    await mkdir(dir.path('.codev/skills/second'));
    await writeFile(dir.path('.codev/skills/second/SKILL.md'), '---\ndescription: Second\n---\n');
    expect((await next()).definitions).toBe(true);
    expect(errors).toEqual([]);
  });
});

describe('findMissedEntries', () => {
  it('lists what the watcher does not know below a folder it reads, and all of a missed folder', async () => {
    const dir = await project();
    await dir.write('skills/known/SKILL.md', 'x');
    await dir.write('skills/new/SKILL.md', 'x');
    await dir.write('skills/new/scripts/run.sh', 'x');
    const known = { [dir.path('skills')]: ['known'], [dir.path('skills/known')]: ['SKILL.md'] };
    const ignored = (file: string) => file.endsWith('.sh') || file.endsWith('scripts');
    const missed = await findMissedEntries({ directory: dir.path('skills'), known, ignored, reads: () => true });
    expect(missed).toEqual([
      { path: dir.path('skills/new'), entry: 'directory' },
      { path: dir.path('skills/new/SKILL.md'), entry: 'file' },
    ]);
    // A folder the watcher does not read yet (or ever, past its depth) has nothing missed.
    expect(await findMissedEntries({ directory: dir.path('skills'), known, ignored, reads: () => false })).toEqual([]);
    expect(await findMissedEntries({ directory: dir.path('gone'), known, ignored, reads: () => true })).toEqual([]);
    expect(path.isAbsolute(missed[0]!.path)).toBe(true);
  });
});
