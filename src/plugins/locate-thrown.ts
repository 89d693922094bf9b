import { isUserFrame, stackFrames } from '../errors/user-stack-frames.ts';
import { sourceColumn } from './source-column.ts';

/**
 * `file:line:column` of where a thrown value came from in the user's code (a plugin's tool, an agent script):
 * the first stack frame outside codev and node_modules, its column found again in the file. Undefined when the
 * value has no such frame.
 */
export async function locateThrown(error: unknown): Promise<string | undefined> {
  const frame = stackFrames(error).find(isUserFrame);
  if (!frame) return undefined;
  const column = frame.column === undefined || frame.native ? frame.column : await sourceColumn({ file: frame.file, line: frame.line, column: frame.column });
  return [frame.file, frame.line, column].filter((part) => part !== undefined).join(':');
}
