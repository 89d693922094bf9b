import { CodevError } from '../../errors/codev-error.ts';

/** Reads a response body as a stream, stopping (and cancelling the download) once it passes `maxBytes`. */
export async function readLimitedBody(options: { response: Response; maxBytes: number; url: string }): Promise<Uint8Array> {
  const { response, maxBytes, url } = options;
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge(url, maxBytes, `its Content-Length is ${declared} bytes`);
  }
  if (!response.body) return new Uint8Array(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(url, maxBytes, `reading stopped after ${total} bytes`);
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

function tooLarge(url: string, maxBytes: number, detail: string): CodevError {
  return new CodevError('TOOL_FAILED', `The response from ${url} is larger than the ${formatBytes(maxBytes)} limit (${detail})`, {
    tool: 'WebFetch',
    hint: 'fetch a smaller page, or a more specific URL',
  });
}

/** `10 MB`, `512 KB`, `12 bytes`. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;
  if (bytes >= 1024) return `${Number((bytes / 1024).toFixed(1))} KB`;
  return `${bytes} bytes`;
}
