import { literalWord } from '../read-word.ts';
import type { ShellWord } from '../types.ts';
import { isOption, optionValues, readArguments } from './read-arguments.ts';
import type { DescribeProgram, FileEffect } from './types.ts';

/**
 * `curl`: `-o FILE` writes, `-O` writes in the current folder, `-T FILE`, `-K FILE`, `@FILE` data and
 * `-F name=<FILE` read. A `file:` URL reads a file (its path may be percent-encoded or a curl glob), and a
 * config file (`-K`) or `--proto-default` can name any URL and output: files its words do not name.
 */
export const describeCurl: DescribeProgram = (args) => {
  const read = readArguments(args, {
    shortWithValue: 'oTKdFHXAeuUwbcEmxyzr',
    longWithValue: ['output', 'upload-file', 'config', 'data', 'data-binary', 'data-raw', 'data-ascii', 'data-urlencode', 'form', 'form-string', 'header', 'request', 'user-agent', 'referer', 'user', 'proxy-user', 'write-out', 'cookie', 'cookie-jar', 'cert', 'key', 'cacert', 'max-time', 'proxy', 'range', 'output-dir', 'trace', 'trace-ascii', 'dump-header', 'stderr', 'netrc-file', 'json', 'url', 'proto-default', 'variable', 'proxy-header'],
  });
  const files: FileEffect[] = [];
  let unnamedFiles: string | undefined;
  for (const option of read.options) {
    const value = option.value;
    if (!value) {
      if (isOption(option, '--remote-name') || option.name === '-O' || isOption(option, '--remote-name-all')) files.push({ word: literalWord('.'), access: 'write', via: 'option', recursive: true });
      continue;
    }
    if (['--output', '-o', '--cookie-jar', '-c', '--trace', '--trace-ascii', '--dump-header', '-D', '--stderr'].some((name) => isOption(option, name))) files.push({ word: value, access: 'write', via: 'option' });
    else if (['--upload-file', '-T', '--config', '-K', '--netrc-file', '--cert', '-E', '--key', '--cacert'].some((name) => isOption(option, name))) files.push({ word: value, access: 'read', via: 'option' });
    else if (['-d', '-F', '--data', '--data-binary', '--data-ascii', '--data-urlencode', '--form', '--json', '-H', '--header', '--proxy-header', '-w', '--write-out', '--variable', '--cookie', '-b'].some((name) => isOption(option, name))) files.push(...dataFiles(value, option.name === '-F' || isOption(option, '--form')));
    else if (isOption(option, '--output-dir')) files.push({ word: value, access: 'write', via: 'option', recursive: true });
    if (['--config', '-K'].some((name) => isOption(option, name))) unnamedFiles = 'a curl config file can name any URL (file:// too) and output file';
    else if (isOption(option, '--proto-default')) unnamedFiles = 'with --proto-default a URL without a scheme may be a file';
    else if (isOption(option, '--url') && isFileUrl(value)) unnamedFiles = 'it reads a file:// URL';
  }
  if (read.operands.some(isFileUrl)) unnamedFiles ??= 'it reads a file:// URL';
  for (const url of [...read.operands, ...optionValues(read.options, ['--url'])]) {
    const file = fileUrlPath(url);
    if (file) files.push({ word: { ...url, value: file }, access: 'read', via: 'operand' });
  }
  return { readOnly: false, files, ...(unnamedFiles ? { unnamedFiles } : {}) };
};

/** The files a data, form, header or write-out value reads: `@FILE` anywhere (`name@FILE` too), and `name=<FILE` in a form. */
function dataFiles(value: ShellWord, form: boolean): FileEffect[] {
  const at = value.value.indexOf('@');
  const from = form && value.value.includes('=<') ? value.value.indexOf('=<') + 1 : at;
  if (from === -1) return [];
  const file = value.value.slice(from + 1).replace(/;.*$/, '');
  return file === '' || file === '-' ? [] : [{ word: { ...value, value: file }, access: 'read', via: 'option' }];
}

/** A `file:` URL (any case, any leading space curl skips); a dynamic word could be one. */
function isFileUrl(word: ShellWord): boolean {
  return word.dynamic || /^\s*file:/i.test(word.value);
}

/** The absolute path a plain `file:///path` or `file://localhost/path` URL names, when it has no encoding or glob. */
function fileUrlPath(word: ShellWord): string | undefined {
  if (word.dynamic) return undefined;
  const match = /^\s*file:\/\/(?:localhost)?(\/[^?#]*)/i.exec(word.value);
  return match?.[1];
}

/** `wget`: `-O FILE` writes, `-P DIR` (else `.`) receives the downloads, `-i FILE` and `--post-file` read. */
export const describeWget: DescribeProgram = (args) => {
  const read = readArguments(args, { shortWithValue: 'OPiaoUte', longWithValue: ['output-document', 'directory-prefix', 'input-file', 'post-file', 'body-file', 'append-output', 'output-file', 'user-agent', 'tries', 'execute', 'load-cookies', 'save-cookies', 'config'] });
  const documents = optionValues(read.options, ['-O', '--output-document']);
  const files: FileEffect[] = [
    ...documents.map((word): FileEffect => ({ word, access: 'write', via: 'option' })),
    ...optionValues(read.options, ['-o', '--output-file', '-a', '--append-output', '--save-cookies']).map((word): FileEffect => ({ word, access: 'write', via: 'option' })),
    ...optionValues(read.options, ['-i', '--input-file', '--post-file', '--body-file', '--load-cookies', '--config']).map((word): FileEffect => ({ word, access: 'read', via: 'option' })),
  ];
  if (documents.length === 0) files.push({ word: optionValues(read.options, ['-P', '--directory-prefix']).at(-1) ?? literalWord('.'), access: 'write', via: 'option', recursive: true });
  const runs = optionValues(read.options, ['-e', '--execute']).length > 0;
  return { readOnly: false, files, ...(runs ? { opaque: 'wget -e runs a .wgetrc command' } : {}) };
};
