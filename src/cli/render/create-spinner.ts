const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

/** Shows `⠋ label 3.2s` on a terminal for work that runs past `delayMs`; `stop()` clears the line. */
export function createSpinner(options: { write: (text: string) => void; label: string; delayMs?: number; enabled: boolean }) {
  if (!options.enabled) return { update() {}, stop() {} };
  let label = options.label;
  const started = Date.now();
  let frame = 0;
  let shown = false;
  const tick = () => {
    shown = true;
    options.write(`\r${FRAMES[frame++ % FRAMES.length]} ${label} ${((Date.now() - started) / 1000).toFixed(1)}s\u001b[K`);
  };
  let interval: ReturnType<typeof setInterval> | undefined;
  const delay = setTimeout(() => {
    tick();
    interval = setInterval(tick, 100);
  }, options.delayMs ?? 2_000);
  return {
    /** Shows a new label (e.g. the tool's latest progress) from the next frame on. */
    update(next: string) {
      label = next;
    },
    stop() {
      clearTimeout(delay);
      clearInterval(interval);
      if (shown) options.write('\r\u001b[K');
    },
  };
}
