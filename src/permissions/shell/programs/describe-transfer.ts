import { literalWord } from '../read-word.ts';
import { isOption, optionValues, readArguments } from './read-arguments.ts';
import type { DescribeProgram, FileEffect } from './types.ts';

/** `curl`: `-o FILE` writes, `-O` writes in the current folder, `-T FILE`, `-K FILE` and `@FILE` data read. */
export const describeCurl: DescribeProgram = (args) => {
  const read = readArguments(args, {
    shortWithValue: 'oTKdFHXAeuUwbcEmxyzr',
    longWithValue: ['output', 'upload-file', 'config', 'data', 'data-binary', 'data-raw', 'data-ascii', 'data-urlencode', 'form', 'header', 'request', 'user-agent', 'referer', 'user', 'proxy-user', 'write-out', 'cookie', 'cookie-jar', 'cert', 'key', 'cacert', 'max-time', 'proxy', 'range', 'output-dir', 'trace', 'trace-ascii', 'dump-header', 'stderr', 'netrc-file', 'json', 'url'],
  });
  const files: FileEffect[] = [];
  for (const option of read.options) {
    const value = option.value;
    if (!value) {
      if (isOption(option, '--remote-name') || option.name === '-O' || isOption(option, '--remote-name-all')) files.push({ word: literalWord('.'), access: 'write', via: 'option', recursive: true });
      continue;
    }
    if (['--output', '-o', '--cookie-jar', '-c', '--trace', '--trace-ascii', '--dump-header', '-D', '--stderr'].some((name) => isOption(option, name))) files.push({ word: value, access: 'write', via: 'option' });
    else if (['--upload-file', '-T', '--config', '-K', '--netrc-file', '--cert', '-E', '--key', '--cacert'].some((name) => isOption(option, name))) files.push({ word: value, access: 'read', via: 'option' });
    else if (value.value.includes('@') && ['-d', '-F', '--data', '--data-binary', '--data-ascii', '--data-urlencode', '--form', '--json', '-H', '--header'].some((name) => isOption(option, name))) {
      const file = value.value.slice(value.value.indexOf('@') + 1).replace(/;.*$/, '');
      if (file !== '' && file !== '-') files.push({ word: { ...value, value: file }, access: 'read', via: 'option' });
    } else if (isOption(option, '--output-dir')) files.push({ word: value, access: 'write', via: 'option', recursive: true });
  }
  return { readOnly: false, files };
};

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
