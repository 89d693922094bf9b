/** Lines redrawn in place at the bottom of a terminal. */
export interface LiveArea {
  /** Asks for a redraw: done at once when the last one is old enough, else once the interval has passed. */
  invalidate(): void;
  /** Draws the latest lines now and stops redrawing; they stay on the terminal. */
  finish(): void;
}

const CURSOR_UP = (lines: number) => (lines > 0 ? `\u001b[${lines}A` : '');
const CLEAR_LINE = '\u001b[2K';

/**
 * Draws `lines()` on a terminal and redraws it in place (cursor up over what was drawn, each line cleared
 * and rewritten) at most once per `intervalMs`, however often it is invalidated. Lines must not be wider than
 * the terminal: a wrapped line takes two rows, and the next redraw would move up one row short.
 */
export function createLiveArea(options: { write: (text: string) => void; lines: () => readonly string[]; intervalMs: number }): LiveArea {
  const { write, intervalMs } = options;
  let drawn = 0;
  let lastDraw = 0;
  let timer: NodeJS.Timeout | undefined;
  let finished = false;

  function draw(): void {
    timer = undefined;
    lastDraw = Date.now();
    const lines = options.lines();
    const stale = Math.max(drawn - lines.length, 0);
    const text = lines.map((line) => `${CLEAR_LINE}${line}\n`).join('') + `${CLEAR_LINE}\n`.repeat(stale) + CURSOR_UP(stale);
    write(CURSOR_UP(drawn) + text);
    drawn = lines.length;
  }

  return {
    invalidate() {
      if (finished || timer) return;
      const wait = lastDraw + intervalMs - Date.now();
      if (wait <= 0) draw();
      else timer = setTimeout(draw, wait);
    },
    finish() {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      draw();
    },
  };
}
