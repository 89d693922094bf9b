/** Output kept in memory at most; past it the process is killed. */
export const MAX_COLLECTED_BYTES = 64 * 1024 * 1024;

/** Collects a process's stdout and stderr, and the interleaved tail for progress reports. */
export class OutputCollector {
  private readonly stdoutChunks: Buffer[] = [];
  private readonly stderrChunks: Buffer[] = [];
  private tail = '';
  totalBytes = 0;
  totalLines = 0;

  /** Records a chunk; returns false once the memory cap is passed. */
  add(stream: 'stdout' | 'stderr', chunk: Buffer): boolean {
    (stream === 'stdout' ? this.stdoutChunks : this.stderrChunks).push(chunk);
    this.totalBytes += chunk.length;
    const text = chunk.toString('utf8');
    for (const character of text) if (character === '\n') this.totalLines++;
    this.tail = (this.tail + text).slice(-4_000);
    return this.totalBytes <= MAX_COLLECTED_BYTES;
  }

  /** The last `lines` lines of the interleaved output. */
  lastLines(lines: number): string {
    return this.tail.replace(/\n$/, '').split('\n').slice(-lines).join('\n');
  }

  stdout(): string {
    return Buffer.concat(this.stdoutChunks).toString('utf8');
  }

  stderr(): string {
    return Buffer.concat(this.stderrChunks).toString('utf8');
  }
}
