import { spawn } from 'node:child_process';

/** The program that opens a URL in the user's browser on this platform. */
function opener(url: string): { command: string; args: string[] } {
  if (process.platform === 'darwin') return { command: 'open', args: [url] };
  if (process.platform === 'win32') return { command: 'cmd', args: ['/c', 'start', '""', url] };
  return { command: 'xdg-open', args: [url] };
}

/**
 * Opens `url` (an address or a file) in the browser, detached and not waited for (a browser it starts lives on); a failure (no
 * xdg-open, no display) is only said through `warn`: the server serves either way.
 */
export function openBrowser(url: string, warn: (message: string) => void): void {
  const { command, args } = opener(url);
  try {
    const child = spawn(command, args, { detached: true, stdio: 'ignore' });
    child.on('error', (error) => warn(`could not open a browser (${command}: ${error.message}); open the URL yourself`));
    child.on('exit', (code) => {
      if (code !== 0 && code !== null) warn(`${command} exited with ${code}; open the URL yourself`);
    });
    child.unref();
  } catch (error) {
    warn(`could not open a browser (${command}: ${error instanceof Error ? error.message : String(error)}); open the URL yourself`);
  }
}
