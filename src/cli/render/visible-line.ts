/**
 * What a terminal shows of one line of a command's output: the text after its last carriage return (a progress
 * bar redraws itself with `\r`), a CRLF's `\r` dropped. Printed as is, the `\r` would keep every step of the bar
 * in a log and, on a terminal, write over what codev put before the line.
 */
export function visibleLine(line: string): string {
  const text = line.endsWith('\r') ? line.slice(0, -1) : line;
  const last = text.lastIndexOf('\r');
  return last === -1 ? text : text.slice(last + 1);
}
