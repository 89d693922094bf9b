/** Test helpers for Read: a context with the tool, and fixture files written at test time. */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { ToolUseContext } from '../../../execution/types.ts';
import { createTestContext } from '../../../testing/create-test-context.ts';
import { runTool } from '../../../testing/run-tool.ts';
import { readTool } from '../index.ts';

/** A context whose cwd is a fresh temp folder, with Read in the pool. */
export function readContext(): ToolUseContext {
  return createTestContext({ tools: [readTool] });
}

/** Writes a file under the context's cwd and returns its absolute path. */
export function writeFixture(context: ToolUseContext, name: string, content: string | Uint8Array): string {
  const filePath = path.join(context.cwd, name);
  writeFileSync(filePath, content);
  return filePath;
}

/** Runs Read with the given input through the whole lifecycle. */
export function read(context: ToolUseContext, input: Record<string, unknown>) {
  return runTool({ name: 'Read', input, context });
}

/** A solid-colour PNG (noise when `noisy`, so it does not compress). */
export async function pngBytes(width: number, height: number, options: { noisy?: boolean } = {}): Promise<Buffer> {
  if (options.noisy) {
    const raw = Buffer.alloc(width * height * 3);
    let seed = 42;
    for (let index = 0; index < raw.length; index++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      raw[index] = seed & 0xff;
    }
    return sharp(raw, { raw: { width, height, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
  }
  return sharp({ create: { width, height, channels: 4, background: { r: 200, g: 40, b: 40, alpha: 1 } } }).png().toBuffer();
}

/**
 * A minimal valid PDF with one text line per page (Helvetica), built by hand with a correct xref table.
 * Parentheses and backslashes in the texts are escaped.
 */
export function pdfBytes(pageTexts: readonly string[]): Buffer {
  const objects: string[] = [];
  const pageCount = pageTexts.length;
  const fontId = 3 + pageCount * 2;
  const kids = pageTexts.map((_, index) => `${3 + index * 2} 0 R`).join(' ');
  objects.push('<< /Type /Catalog /Pages 2 0 R >>');
  objects.push(`<< /Type /Pages /Kids [${kids}] /Count ${pageCount} >>`);
  pageTexts.forEach((text, index) => {
    const escaped = text.replace(/[\\()]/g, (char) => `\\${char}`);
    const stream = `BT /F1 24 Tf 72 700 Td (${escaped}) Tj ET`;
    objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${4 + index * 2} 0 R /Resources << /Font << /F1 ${fontId} 0 R >> >> >>`);
    objects.push(`<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`);
  });
  objects.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefOffset = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefOffset}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A notebook (nbformat 4) from cells; `source` and text fields as lists of lines, as Jupyter writes them. */
export function notebookJson(cells: readonly Record<string, unknown>[]): string {
  return JSON.stringify({
    nbformat: 4,
    nbformat_minor: 5,
    metadata: { kernelspec: { name: 'python3', language: 'python' }, language_info: { name: 'python' } },
    cells,
  });
}
