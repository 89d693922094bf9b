import type { Kernel } from '../kernel/create-kernel.ts';

/** Reports what failed to load on stderr, so a broken plugin is never silent. */
export function printLoadErrors(kernel: Kernel, write: (text: string) => void): void {
  for (const error of kernel.errors) write(`codev: ${error.format().replace(/\n/g, '\n  ')}\n`);
  for (const warning of kernel.warnings) write(`codev: warning: ${warning}\n`);
}
