/**
 * Vitest global setup: where bubblewrap cannot sandbox commands, the tests of the sandbox itself cannot run
 * (the rest covers the machine without it). Say so at the start and at the end of the run, with the fix,
 * so that their "skipped" count is never mistaken for a pass.
 */
import { sandboxUnavailableReason } from '../src/sandbox/is-sandbox-available.ts';

export default function setup(): (() => void) | undefined {
  const reason = sandboxUnavailableReason();
  if (!reason) return undefined;
  const note = `\ncodev: the sandbox tests are skipped on this machine: ${reason}. Install it (Debian/Ubuntu: apt-get install bubblewrap) to run them; .ci/run does.\n`;
  process.stderr.write(note);
  return () => {
    process.stderr.write(note);
  };
}
