import { describe, expect, it } from 'vitest';
import { CodevError } from '../errors/codev-error.ts';
import { explainLoadError } from './explain-load-error.ts';

const FILE = '/project/plugins/demo.ts';

function withStack(message: string, stack: string[]): Error {
  const error = new Error(message);
  error.stack = [`Error: ${message}`, ...stack].join('\n');
  return error;
}

describe('explainLoadError', () => {
  it('reads a jiti parse error and makes the 0-based column 1-based', async () => {
    const error = new Error(`ParseError: Unexpected token  \n ${FILE}:3:18`);
    expect(await explainLoadError({ error, file: FILE })).toEqual({ kind: 'syntax', message: 'Unexpected token', file: FILE, line: 3, column: 19 });
  });

  it('reads an esbuild-style error', async () => {
    const error = new Error(`Transform failed with 1 error:\n${FILE}:4:2: ERROR: Expected ";" but found "x"`);
    expect(await explainLoadError({ error, file: FILE })).toMatchObject({ kind: 'syntax', message: 'Expected ";" but found "x"', line: 4, column: 3 });
  });

  it('prefers the frame in the file itself over frames in codev or jiti, keeping only its line', async () => {
    const error = withStack('boom', [
      '    at validate (/repo/src/tool/validate.ts:10:5)',
      '    at /repo/node_modules/jiti/dist/jiti.cjs:1:1',
      `    at ${FILE}:7:9`,
    ]);
    expect(await explainLoadError({ error, file: FILE })).toEqual({ kind: 'runtime', message: 'boom', file: FILE, line: 7 });
  });

  it('understands file:// frames and falls back to a local file next to the entry', async () => {
    const error = withStack('deep', ['    at helper (file:///project/plugins/lib/helper.ts:2:3)', '    at x (/project/plugins/node_modules/p/index.js:1:1)']);
    expect(await explainLoadError({ error, file: FILE })).toEqual({ kind: 'runtime', message: 'deep', file: '/project/plugins/lib/helper.ts', line: 2, column: 3 });
  });

  it('ignores frames inside node_modules below the plugin folder', async () => {
    const error = withStack('pkg', ['    at x (/project/plugins/node_modules/p/index.js:1:1)']);
    expect(await explainLoadError({ error, file: FILE })).toEqual({ kind: 'runtime', message: 'pkg', file: FILE });
  });

  it('keeps the location a CodevError already carries', async () => {
    const error = new CodevError('TOOL_FAILED', 'x', { file: '/a.ts', line: 1, column: 2 });
    expect(await explainLoadError({ error, file: FILE })).toMatchObject({ file: '/a.ts', line: 1, column: 2 });
  });

  it('reads a YAML mark', async () => {
    const error = Object.assign(new Error('YAML Error in x:\nbad indentation (2:4)'), { mark: { line: 1, column: 3 }, reason: 'bad indentation' });
    expect(await explainLoadError({ error, file: '/p/.codevrc' })).toEqual({ kind: 'syntax', message: 'bad indentation', file: '/p/.codevrc', line: 2, column: 4 });
  });

  it('explains a missing module without its require stack', async () => {
    const error = Object.assign(new Error(`Cannot find module 'left-pad'\nRequire stack:\n- ${FILE}`), { code: 'MODULE_NOT_FOUND', requireStack: [FILE] });
    expect(await explainLoadError({ error, file: FILE })).toEqual({
      kind: 'module-not-found',
      message: "Cannot find module 'left-pad'",
      missingModule: 'left-pad',
      file: FILE,
    });
  });

  it('survives non-errors', async () => {
    expect(await explainLoadError({ error: 'just a string', file: FILE })).toEqual({ kind: 'runtime', message: 'just a string', file: FILE });
    expect(await explainLoadError({ error: undefined, file: FILE })).toEqual({ kind: 'runtime', message: 'undefined', file: FILE });
  });
});
