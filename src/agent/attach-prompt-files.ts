import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { CodevError } from '../errors/codev-error.ts';
import { formatBytes } from '../files/format-bytes.ts';
import { detectMediaType, isImageMediaType } from '../files/media/detect-media-type.ts';
import { MAX_DOCUMENT_BYTES, MAX_IMAGE_INPUT_BYTES } from '../files/media/media-limits.ts';
import type { MediaPart } from '../files/media/types.ts';
import { notRegularFileError } from '../files/open-regular-file.ts';
import { readDecisionForFile, type ReadScope } from '../permissions/read-decision-for-file.ts';
import { readFileIfAllowed } from '../permissions/read-file-if-allowed.ts';
import type { PromptInput, PromptPart } from './prompt-input.ts';

/** What files a prompt may attach. */
export interface AttachmentPolicy {
  /** The Read decision the files go through: the session's rules and their anchors (see `readScopeOf`). */
  readScope: ReadScope;
  /**
   * The folders attached files must be in (their real paths), e.g. the project's working directories, or
   * only a fleet job's workspace. Undefined: anywhere (`codev run --attach-outside`), rules still apply.
   */
  roots?: readonly string[];
  /** Files a person named to attach whatever the rules and roots say (`codev run --allow-attachment`): absolute. */
  allowed?: readonly string[];
  /** Said with a refusal, for the person who can change it: how to attach a file outside the roots, or a file a rule refuses. */
  hints?: { outside?: string; rule?: string };
}

/**
 * The prompt with every image, document or file part given by `path` read now, through the Read decision
 * on the file actually opened (see `readFileIfAllowed`): a Read deny or ask rule on its name or real path, a
 * hard link to a denied file, or a real path outside `policy.roots` refuses it with `ATTACHMENT_REFUSED`
 * (naming the rule, or saying "outside the project"), before any request. The parts come back holding their
 * bytes, so nothing is read again later (a file swapped after the check is not what is sent). A `file` part
 * becomes an image or a document (titled with its name) by its bytes. A missing file is `INPUT_INVALID`,
 * one that is not a regular file `FILE_NOT_REGULAR`, bytes that are no image, PDF or text `MEDIA_UNSUPPORTED`.
 *
 * @example
 * const prompt = await attachPromptFiles({ prompt: [{ type: 'text', text: 'describe' }, { type: 'file', path: 'shot.png' }], cwd, policy: { readScope, roots: [workspace] } });
 */
export async function attachPromptFiles(options: { prompt: PromptInput; cwd: string; policy: AttachmentPolicy }): Promise<PromptInput> {
  if (typeof options.prompt === 'string' || !options.prompt.some(byPath)) return options.prompt;
  const roots = options.policy.roots && (await withRealPaths(options.policy.roots));
  const allowed = new Set(await withRealPaths(options.policy.allowed ?? []));
  const parts: PromptPart[] = [];
  for (const part of options.prompt) parts.push(byPath(part) ? await attach(part, { ...options, roots, allowed }) : part);
  return parts;
}

async function attach(part: MediaPart & { path: string }, options: { cwd: string; policy: AttachmentPolicy; roots: readonly string[] | undefined; allowed: ReadonlySet<string> }): Promise<PromptPart> {
  const { policy } = options;
  // Opened as written, so the OS resolves `link/..` as it always does; the decision is on what it opened.
  const openAs = path.isAbsolute(part.path) ? part.path : `${options.cwd}/${part.path}`;
  const file = path.resolve(openAs);
  const read = await readFileIfAllowed({
    file: openAs,
    path: file,
    maxBytes: Math.max(MAX_IMAGE_INPUT_BYTES, MAX_DOCUMENT_BYTES),
    decide: (opened) => (options.allowed.has(opened.path) || options.allowed.has(opened.realPath) ? { behavior: 'allow' } : readDecisionForFile({ scope: policy.readScope, ...opened, roots: options.roots })),
  });
  switch (read.kind) {
    case 'missing':
      throw new CodevError('INPUT_INVALID', `No such file to attach: ${file}`, { file });
    case 'not-regular':
      throw notRegularFileError(file, read.type);
    case 'refused': {
      const hint = read.rule ? policy.hints?.rule : policy.hints?.outside;
      throw new CodevError('ATTACHMENT_REFUSED', `Not attaching ${file}: ${read.reason}`, { file, ...(hint && { hint }) });
    }
    case 'too-large':
      throw new CodevError('MEDIA_TOO_LARGE', `${file} is ${formatBytes(read.stats.size)}, too large to attach`, { file });
    case 'read':
      return withBytes(part, { file, bytes: new Uint8Array(read.bytes) });
  }
}

/** The part holding its bytes instead of its path: a `file` part becomes what its bytes are. */
function withBytes(part: MediaPart, options: { file: string; bytes: Uint8Array }): PromptPart {
  const { file, bytes } = options;
  const title = path.basename(file);
  if (part.type === 'image') return { type: 'image', data: bytes, ...(part.mediaType && { mediaType: part.mediaType }) };
  if (part.type === 'document') return { type: 'document', data: bytes, title: part.title ?? title, ...(part.mediaType && { mediaType: part.mediaType }) };
  const detected = detectMediaType(bytes);
  if (detected === undefined) throw new CodevError('MEDIA_UNSUPPORTED', `${file} is not an image (PNG, JPEG, GIF, WebP), a PDF or plain text`, { file });
  return isImageMediaType(detected) ? { type: 'image', data: bytes } : { type: 'document', data: bytes, title };
}

function byPath(part: PromptPart): part is MediaPart & { path: string } {
  return (part.type === 'image' || part.type === 'document' || part.type === 'file') && typeof (part as { path?: unknown }).path === 'string' && !('source' in part);
}

/** Each path and, when it exists, its real path. */
async function withRealPaths(paths: readonly string[]): Promise<string[]> {
  const real = await Promise.all(paths.map((entry) => realpath(entry).catch(() => undefined)));
  return [...new Set([...paths.map((entry) => path.resolve(entry)), ...real.filter((entry): entry is string => entry !== undefined)])];
}
