import type { FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { looksBinary } from '../../files/media/looks-binary.ts';
import { startsWith } from '../../files/media/starts-with.ts';

export type FileKind = 'text' | 'image' | 'pdf' | 'notebook' | 'binary';

const IMAGE_EXTENSIONS = new Set(['.png', '.jpg', '.jpeg', '.gif', '.webp']);

/** Extensions that are binary whatever their bytes look like. */
const BINARY_EXTENSIONS = new Set(
  (
    '.zip .gz .tgz .bz2 .xz .zst .7z .rar .tar .jar .war .exe .dll .so .dylib .o .a .lib .obj .class .pyc .pyo ' +
    '.wasm .bin .dat .db .sqlite .sqlite3 .bmp .ico .tif .tiff .heic .avif .psd .mp3 .mp4 .m4a .wav .flac .ogg .mov ' +
    '.avi .mkv .webm .woff .woff2 .ttf .otf .eot .doc .docx .xls .xlsx .ppt .pptx .odt .ods .iso .dmg .deb .rpm'
  ).split(' '),
);

/** What Read does with a file, from its extension and (for unknown ones) its first bytes. */
export function detectFileKind(filePath: string, head: Uint8Array): FileKind {
  const extension = path.extname(filePath).toLowerCase();
  if (IMAGE_EXTENSIONS.has(extension)) return 'image';
  if (extension === '.pdf') return 'pdf';
  if (extension === '.ipynb') return 'notebook';
  if (BINARY_EXTENSIONS.has(extension)) return 'binary';
  if (startsWith(head, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf'; // "%PDF-" without the extension
  return looksBinary(head) ? 'binary' : 'text';
}

/** Bytes sniffed to tell text from binary. */
const SNIFF_BYTES = 8_192;

/** The kind of an open file, sniffing its first bytes (`filePath` gives the extension). */
export async function sniffFileKind(handle: FileHandle, filePath: string): Promise<FileKind> {
  const buffer = Buffer.alloc(SNIFF_BYTES);
  const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
  return detectFileKind(filePath, buffer.subarray(0, bytesRead));
}
