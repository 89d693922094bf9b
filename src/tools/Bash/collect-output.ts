import { createReadStream, createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import { unlink } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { PRIVATE_DIRECTORY_MODE, PRIVATE_FILE_MODE } from '../../session/private-modes.ts';
import { MAX_INLINE_OUTPUT_CHARS } from './bash-output.ts';
import { ProgressTail } from './progress-tail.ts';

/** The default cap on a command's saved output; past it writing stops and the process is killed. */
export const DEFAULT_MAX_OUTPUT_BYTES = 1024 * 1024 * 1024;

/** Output kept whole in memory; past it everything goes to the output file and only a head and a tail stay. */
export const SPILL_BYTES = 256 * 1024;

/** Bytes of each stream's head and tail kept in memory once output goes to the file (characters are ≤ 4 bytes). */
const KEPT_BYTES = MAX_INLINE_OUTPUT_CHARS * 4;

/** Characters of interleaved output kept for progress reports. */
const PROGRESS_TAIL_CHARS = 4_000;

/** The cap on saved output: `CODEV_BASH_MAX_OUTPUT_BYTES` when it is a positive integer, else 1 GiB. */
export function maxOutputBytes(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.CODEV_BASH_MAX_OUTPUT_BYTES);
  return Number.isSafeInteger(value) && value > 0 ? value : DEFAULT_MAX_OUTPUT_BYTES;
}

/** What was kept of a command's output. */
export interface CollectedOutput {
  stdout: string;
  stderr: string;
  /** Set when the output was streamed to a file (it passed {@link SPILL_BYTES}). */
  persistedOutputPath?: string;
  /** Bytes in the file. */
  persistedOutputSize?: number;
  /** The output passed the cap: the file stops at it and the process was killed. */
  outputCapped?: boolean;
  /** The cap, in bytes, when it was passed. */
  outputLimitBytes?: number;
  /** The file could not be written (it holds what was written before). */
  persistError?: string;
}

/**
 * Collects a process's stdout and stderr with bounded memory. Up to {@link SPILL_BYTES} everything is kept;
 * past it, the output is streamed to `outputPath` as it arrives (stdout, then `--- stderr ---` and stderr,
 * which is kept in a side file until the end) and only the head of stdout and the tails of both streams stay
 * in memory. Writing pauses the process's pipes while the file lags behind (`pause`/`resume`), and stops at
 * `maxBytes`: then {@link add} returns false and the caller kills the process.
 */
export class OutputCollector {
  totalBytes = 0;
  totalLines = 0;
  private stdoutBytes = 0;
  private stderrBytes = 0;
  private chunks: { stream: 'stdout' | 'stderr'; chunk: Buffer }[] = [];
  private stdoutHead: Buffer[] = [];
  private stdoutHeadBytes = 0;
  private readonly tails = { stdout: new RollingTail(KEPT_BYTES), stderr: new RollingTail(KEPT_BYTES) };
  private readonly progressTail = new ProgressTail(PROGRESS_TAIL_CHARS);
  private files: { stdout?: WriteStream; stderr?: WriteStream } = {};
  private spilled = false;
  private capped = false;
  private writtenBytes = 0;
  private persistError: string | undefined;
  private readonly lagging = new Set<WriteStream>();

  constructor(
    private readonly options: { outputPath?: string; maxBytes?: number; pause?: () => void; resume?: () => void } = {},
  ) {}

  /** Records a chunk; returns false once the output cap is passed (the chunk is kept only up to it). */
  add(stream: 'stdout' | 'stderr', chunk: Buffer): boolean {
    if (this.capped) return false;
    const maxBytes = this.options.maxBytes ?? maxOutputBytes();
    if (this.totalBytes + chunk.length > maxBytes) {
      chunk = chunk.subarray(0, Math.max(0, maxBytes - this.totalBytes));
      this.capped = true;
    }
    this.totalBytes += chunk.length;
    if (stream === 'stdout') this.stdoutBytes += chunk.length;
    else this.stderrBytes += chunk.length;
    for (let index = chunk.indexOf(10); index !== -1; index = chunk.indexOf(10, index + 1)) this.totalLines++;
    this.progressTail.add(stream, chunk);
    if (stream === 'stdout' && this.stdoutHeadBytes < KEPT_BYTES) {
      const head = chunk.subarray(0, KEPT_BYTES - this.stdoutHeadBytes);
      this.stdoutHead.push(head);
      this.stdoutHeadBytes += head.length;
    }
    this.tails[stream].push(chunk);
    if (this.spilled) this.write(stream, chunk);
    else {
      this.chunks.push({ stream, chunk });
      if (this.totalBytes > SPILL_BYTES && this.options.outputPath) this.spill();
    }
    return !this.capped;
  }

  /** The last `lines` lines of the output, each whole, the streams' lines apart (see `ProgressTail`). */
  lastLines(lines: number): string {
    return this.progressTail.lastLines(lines);
  }

  /** The output so far ends inside a line (a stream's last line has no newline yet). */
  endsMidLine(): boolean {
    return this.progressTail.endsMidLine();
  }

  /** All the output so far, when it is still held whole in memory (else undefined). */
  fullText(): string | undefined {
    return this.spilled ? undefined : this.whole('stdout') + this.whole('stderr');
  }

  /**
   * Ends the collection: with everything in memory, the whole stdout and stderr; after a spill, the file is
   * completed and the kept text is cut to the inline limit (head and tail of stdout, tail of stderr).
   */
  async finish(): Promise<CollectedOutput> {
    const capped = this.capped ? { outputCapped: true, outputLimitBytes: this.options.maxBytes ?? maxOutputBytes() } : {};
    if (!this.spilled) return { stdout: this.whole('stdout'), stderr: this.whole('stderr'), ...capped };
    const outputPath = this.options.outputPath!;
    await Promise.all([this.files.stdout, this.files.stderr].map((file) => file && closeStream(file)));
    const stderrFile = `${outputPath}.stderr`;
    if (this.files.stderr) {
      if (this.persistError === undefined) {
        const lastByte = this.tails.stdout.lastByte();
        const separator = `${this.stdoutBytes === 0 || lastByte === 10 ? '' : '\n'}--- stderr ---\n`;
        try {
          const target = createWriteStream(outputPath, { flags: 'a' });
          target.write(separator);
          this.writtenBytes += Buffer.byteLength(separator);
          await pipeline(createReadStream(stderrFile), target);
        } catch (error) {
          this.persistError = (error as Error).message;
        }
      }
      await unlink(stderrFile).catch(() => undefined);
    }
    return {
      ...cutForInline({
        stdoutHead: Buffer.concat(this.stdoutHead).toString('utf8'),
        stdoutHeadBytes: this.stdoutHeadBytes,
        stdoutTail: this.tails.stdout.text(),
        stdoutBytes: this.stdoutBytes,
        stderrTail: this.tails.stderr.text(),
        stderrBytes: this.stderrBytes,
      }),
      persistedOutputPath: outputPath,
      persistedOutputSize: this.writtenBytes,
      ...capped,
      ...(this.persistError === undefined ? {} : { persistError: this.persistError }),
    };
  }

  private whole(stream: 'stdout' | 'stderr'): string {
    return Buffer.concat(this.chunks.filter((entry) => entry.stream === stream).map((entry) => entry.chunk)).toString('utf8');
  }

  private spill(): void {
    this.spilled = true;
    try {
      mkdirSync(path.dirname(this.options.outputPath!), { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
    } catch (error) {
      this.persistError = (error as Error).message;
    }
    for (const { stream, chunk } of this.chunks) this.write(stream, chunk);
    this.chunks = [];
  }

  private write(stream: 'stdout' | 'stderr', chunk: Buffer): void {
    if (this.persistError !== undefined || chunk.length === 0) return;
    const file = (this.files[stream] ??= this.open(stream === 'stdout' ? this.options.outputPath! : `${this.options.outputPath!}.stderr`));
    this.writtenBytes += chunk.length;
    if (!file.write(chunk) && !this.lagging.has(file)) {
      if (this.lagging.size === 0) this.options.pause?.();
      this.lagging.add(file);
      file.once('drain', () => this.caughtUp(file));
    }
  }

  private open(filePath: string): WriteStream {
    const file = createWriteStream(filePath, { mode: PRIVATE_FILE_MODE });
    file.on('error', (error) => {
      this.persistError ??= error.message;
      this.caughtUp(file);
    });
    return file;
  }

  private caughtUp(file: WriteStream): void {
    if (this.lagging.delete(file) && this.lagging.size === 0) this.options.resume?.();
  }
}

/** The inline view of spilled output: stdout's head and tail around a note, and stderr's tail. */
function cutForInline(options: { stdoutHead: string; stdoutHeadBytes: number; stdoutTail: string; stdoutBytes: number; stderrTail: string; stderrBytes: number }): { stdout: string; stderr: string } {
  const limit = MAX_INLINE_OUTPUT_CHARS - 2_000;
  const stderrKept = Math.min(options.stderrTail.length, Math.floor(limit / 4));
  const stdoutKept = limit - stderrKept;
  let stdout = options.stdoutHead;
  if (options.stdoutBytes > options.stdoutHeadBytes || stdout.length > stdoutKept) {
    const head = stdout.slice(0, Math.ceil((stdoutKept * 3) / 4));
    const tail = options.stdoutTail.slice(-Math.floor(stdoutKept / 4));
    const left = options.stdoutBytes - Buffer.byteLength(head) - Buffer.byteLength(tail);
    if (left > 0) stdout = `${head}\n... [${left} more bytes of stdout; all of it is in the file] ...\n${tail}`;
  }
  const stderrLeft = options.stderrBytes - Buffer.byteLength(options.stderrTail.slice(-stderrKept));
  const stderr = stderrLeft > 0 ? `[${stderrLeft} earlier bytes of stderr]...\n${options.stderrTail.slice(-stderrKept)}` : options.stderrTail;
  return { stdout, stderr };
}

function closeStream(file: WriteStream): Promise<void> {
  return new Promise((resolve) => {
    if (file.destroyed || file.closed) return resolve();
    file.once('close', () => resolve());
    file.end();
  });
}

/** The last `limit` bytes of a stream, as a list of chunks trimmed from the front. */
class RollingTail {
  private chunks: Buffer[] = [];
  private bytes = 0;

  constructor(private readonly limit: number) {}

  push(chunk: Buffer): void {
    if (chunk.length >= this.limit) {
      // Copy, so a big chunk's whole buffer is not kept alive by a small view of it.
      this.chunks = [Buffer.from(chunk.subarray(chunk.length - this.limit))];
      this.bytes = this.limit;
      return;
    }
    this.chunks.push(chunk);
    this.bytes += chunk.length;
    while (this.bytes - this.chunks[0]!.length >= this.limit) this.bytes -= this.chunks.shift()!.length;
  }

  lastByte(): number | undefined {
    const last = this.chunks.at(-1);
    return last?.[last.length - 1];
  }

  /** The kept bytes as text; a character cut at the front is dropped. */
  text(): string {
    const buffer = Buffer.concat(this.chunks);
    let start = Math.max(0, buffer.length - this.limit);
    while (start < buffer.length && (buffer[start]! & 0xc0) === 0x80) start++;
    return buffer.subarray(start).toString('utf8');
  }
}
