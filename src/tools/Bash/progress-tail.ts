import { StringDecoder } from 'node:string_decoder';

type Stream = 'stdout' | 'stderr';
type Line = { text: string; cut: boolean };

/**
 * The last lines of a command's output for its progress reports, within `maxChars` characters: whole lines in
 * the order they ended, each stream's own (a line stdout has not ended is not glued to the stderr line written
 * meanwhile), each decoded whole (a character whose bytes come in two chunks included). A line whose start did
 * not fit is marked cut: it and the lines before it are never shown, so what is shown is always whole lines.
 */
export class ProgressTail {
  private lines: Line[] = [];
  private chars = 0;
  private readonly pending: Record<Stream, Line> = { stdout: { text: '', cut: false }, stderr: { text: '', cut: false } };
  private readonly decoders: Record<Stream, StringDecoder> = { stdout: new StringDecoder('utf8'), stderr: new StringDecoder('utf8') };
  private lastStream: Stream = 'stdout';

  constructor(private readonly maxChars: number) {}

  add(stream: Stream, chunk: Buffer): void {
    const pending = this.pending[stream];
    let text: string;
    if (chunk.length > this.maxChars * 4) {
      // Only the end of a big chunk can be shown: decode just that, from the start of a character.
      let start = chunk.length - this.maxChars * 4;
      while (start < chunk.length && (chunk[start]! & 0xc0) === 0x80) start++;
      this.decoders[stream] = new StringDecoder('utf8');
      text = this.decoders[stream].write(chunk.subarray(start));
      const lastNewline = chunk.lastIndexOf(10, start - 1);
      if (lastNewline !== -1 || pending.text !== '') {
        // What came before the decoded end: whole lines (counted, not shown), then the start of a line.
        this.push({ text: '', cut: true });
        pending.text = '';
      }
      pending.cut = chunk[start - 1] !== 10;
    } else text = this.decoders[stream].write(chunk);
    this.lastStream = stream;
    const parts = text.split('\n');
    for (const [index, part] of parts.entries()) {
      if (index === parts.length - 1) {
        pending.text += part;
        if (pending.text.length > this.maxChars) {
          pending.text = pending.text.slice(-this.maxChars);
          pending.cut = true;
        }
        continue;
      }
      this.push({ text: pending.text + part, cut: pending.cut });
      pending.text = '';
      pending.cut = false;
    }
  }

  /** The last `count` lines, each whole; an unfinished line last when the output ends inside one (see `endsMidLine`). */
  lastLines(count: number): string {
    let cutAt = this.lines.length - 1;
    while (cutAt >= 0 && !this.lines[cutAt]!.cut) cutAt--;
    const whole = this.lines.slice(cutAt + 1).map((line) => line.text);
    const pending = this.pending[this.lastStream].text !== '' ? this.pending[this.lastStream] : this.pending[this.lastStream === 'stdout' ? 'stderr' : 'stdout'];
    // An unfinished line whose start is gone is shown empty: the caller leaves the last line of `endsMidLine` out.
    const shown = this.endsMidLine() ? [...whole, pending.cut ? '' : pending.text] : whole;
    return shown.slice(-count).join('\n');
  }

  /** A stream's last line has no newline yet. */
  endsMidLine(): boolean {
    return this.pending.stdout.text !== '' || this.pending.stderr.text !== '';
  }

  private push(line: Line): void {
    if (line.text.length > this.maxChars) line = { text: line.text.slice(-this.maxChars), cut: true };
    this.lines.push(line);
    this.chars += line.text.length + 1;
    while (this.chars > this.maxChars && this.lines.length > 1) this.chars -= this.lines.shift()!.text.length + 1;
  }
}
