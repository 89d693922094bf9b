import { open } from 'node:fs/promises';

/**
 * The output of a task file, at most `maxChars` characters: its end when it is longer, with a note of how
 * much was left out at the start. A missing file reads as empty.
 */
export async function readTaskOutput(options: { outputFile: string; maxChars: number }): Promise<string> {
  let handle;
  try {
    handle = await open(options.outputFile, 'r');
  } catch {
    return '';
  }
  try {
    const { size } = await handle.stat();
    // Characters are at most 4 bytes; read a window big enough for maxChars of them.
    const window = Math.min(size, options.maxChars * 4);
    const buffer = Buffer.alloc(window);
    await handle.read(buffer, 0, window, size - window);
    const text = buffer.toString('utf8');
    if (size <= options.maxChars && text.length <= options.maxChars) return text;
    const tail = text.slice(-options.maxChars);
    return `[${size - Buffer.byteLength(tail)} earlier bytes not shown; full output: ${options.outputFile}]\n${tail}`;
  } finally {
    await handle.close();
  }
}
