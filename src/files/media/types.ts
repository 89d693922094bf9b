/** Images and documents given to the model as content, by file or by bytes. Types only. */
import type { DocumentMediaType, ImageMediaType } from './detect-media-type.ts';

/** Where a part's bytes come from: a file (relative paths from the agent's working directory), or the bytes. */
export type MediaSource = { path: string; data?: undefined } | { data: Uint8Array; path?: undefined };

/**
 * An image (PNG, JPEG, GIF, WebP). One larger than 2000 px a side or 3.75 MB is resized and re-encoded as
 * JPEG; `mediaType`, when given, must be what the bytes are.
 */
export type ImagePart = { type: 'image'; mediaType?: ImageMediaType } & MediaSource;

/** A PDF or a plain text document, at most 20 MB; `title` defaults to a file's name. */
export type DocumentPart = { type: 'document'; mediaType?: DocumentMediaType; title?: string } & MediaSource;

/** An image or a document, whichever the bytes are (what `codev run`'s `@file` arguments send). */
export type FilePart = { type: 'file' } & MediaSource;

export type MediaPart = ImagePart | DocumentPart | FilePart;
