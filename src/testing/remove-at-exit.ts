import { rmSync } from 'node:fs';

const folders = new Set<string>();

/**
 * Removes `folder` (recursively) when the process exits, however it ends but a signal's default action:
 * one `exit` listener for all of them, so a script that makes thousands of test contexts leaves no temp
 * folders behind. Returns `folder`.
 */
export function removeAtExit(folder: string): string {
  if (folders.size === 0) process.once('exit', removeAll);
  folders.add(folder);
  return folder;
}

function removeAll(): void {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  folders.clear();
}
