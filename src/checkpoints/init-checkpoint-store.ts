import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { readSmallFile } from './read-small-file.ts';
import { replaceLinkedFolders } from './replace-linked-folders.ts';

/** The store's whole config: anything else found there (a planted hook, filter or fsmonitor) is written over. */
const CONFIG = '[core]\n\trepositoryformatversion = 0\n\tfilemode = true\n\tbare = true\n\tlogallrefupdates = false\n[gc]\n\tauto = 0\n';
/** The store's folders, parents first: each kept a real folder, never a link planted in its place. */
const STORE_FOLDERS = ['objects', 'objects/info', 'objects/pack', 'refs', 'refs/heads', 'refs/tags', 'refs/codev', 'refs/codev/sessions', 'info', 'codev-indexes', 'codev-journals', 'codev-excludes'];
/** Files that would make git read objects from elsewhere (or rewrite history): never codev's. */
const FOREIGN_OBJECT_SOURCES = ['objects/info/alternates', 'objects/info/http-alternates', 'info/grafts', 'shallow'];
/** Highest-precedence attributes: the stored bytes are the file's bytes, whatever the roots' `.gitattributes` say. */
const ATTRIBUTES = '* -text !eol -ident -filter !working-tree-encoding -crlf !diff !merge\n';

/**
 * How a store turns files into stored content: `none` (a checkpoint store: the bytes as they are, so a restore
 * gives them back exactly), or `repository` (a fleet checkout's commits, which end on the user's branches: the
 * root's `.gitattributes` line-ending rules apply as they would to a commit of the user's, filters still never run).
 */
export type StoreConversions = 'none' | 'repository';

/** Writes `content` to `file` (its folder made when missing) unless it holds it already; atomically (temp file + rename). */
export async function writeIfDifferent(file: string, content: string): Promise<void> {
  const present = await readSmallFile(file);
  if (present === content) return;
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(temporary, content, { mode: 0o600 });
  await rename(temporary, file);
}

/**
 * Makes `directory` a private bare repository of its own (0700, ignored by the project's git through a
 * `.gitignore` of `*`) or checks it is one, and sets its config and attributes to codev's. The layout is
 * written directly (HEAD, objects/, refs/), not by `git init`: two processes opening a new store at once
 * would make one `git init` fail on the other's config lock.
 */
export async function initCheckpointStore(directory: string, options: { conversions?: StoreConversions } = {}): Promise<void> {
  await mkdir(directory, { recursive: true, mode: 0o700 });
  await chmod(directory, 0o700);
  if (!existsSync(path.join(directory, 'HEAD'))) await writeIfDifferent(path.join(directory, 'HEAD'), 'ref: refs/heads/main\n');
  await writeStoreSettings(directory, options);
}

/**
 * Puts the store's config, attributes and `.gitignore` back to codev's when they are not (a few small reads):
 * done before each use of the store, so a config or attributes file planted since cannot take effect.
 */
export async function writeStoreSettings(directory: string, options: { conversions?: StoreConversions } = {}): Promise<void> {
  // A fleet recording store (`repository`) is made by codev beside the checkouts, out of the agent's folder, and
  // links its objects to the checkout's on purpose: its folders are made, never replaced, and its objects' files left.
  const ownObjects = options.conversions !== 'repository';
  if (ownObjects) await replaceLinkedFolders(STORE_FOLDERS.map((folder) => path.join(directory, folder)), { create: true });
  else await Promise.all(['objects/info', 'objects/pack', 'refs/heads', 'refs/tags', 'info'].map((folder) => mkdir(path.join(directory, folder), { recursive: true })));
  await Promise.all([
    writeIfDifferent(path.join(directory, 'config'), CONFIG),
    writeIfDifferent(path.join(directory, 'info', 'attributes'), options.conversions === 'repository' ? '' : ATTRIBUTES),
    // git reads these besides the config: a foreign object database, and ignore rules that would hide files.
    ...(ownObjects ? [writeIfDifferent(path.join(directory, 'info', 'exclude'), ''), ...FOREIGN_OBJECT_SOURCES.map((file) => rm(path.join(directory, file), { force: true }))] : []),
    writeIfDifferent(path.join(directory, '.gitignore'), '*\n'),
  ]);
}
