import type { ProgramSpec } from './program-spec.ts';

const reader = (spec: Omit<ProgramSpec, 'operands' | 'readOnly'> = {}): ProgramSpec => ({ operands: 'read', readOnly: true, ...spec });
const lister = (spec: Omit<ProgramSpec, 'operands' | 'readOnly'> = {}): ProgramSpec => ({ operands: 'list', readOnly: true, defaultOperand: '.', ...spec });

/**
 * Programs that read the files they are given and print: their operands are reads, and the options listed
 * are the ones that write, read another file, or run a program. `less`, `more` and `man` are not here:
 * a pager runs commands (`less '+!cmd'`).
 */
export const FILE_READERS: Readonly<Record<string, ProgramSpec>> = {
  cat: reader(),
  tac: reader({ arguments: { shortWithValue: 's', longWithValue: ['separator'] } }),
  nl: reader({ arguments: { shortWithValue: 'bdfhilnpsvw', longWithValue: ['body-numbering', 'section-delimiter', 'footer-numbering', 'header-numbering', 'line-increment', 'join-blank-lines', 'number-format', 'number-separator', 'starting-line-number', 'number-width'] } }),
  head: reader({ arguments: { shortWithValue: 'cn', longWithValue: ['bytes', 'lines'] } }),
  tail: reader({ arguments: { shortWithValue: 'cns', longWithValue: ['bytes', 'lines', 'pid', 'sleep-interval', 'max-unchanged-stats'], longFlags: ['follow', 'retry'] } }),
  bat: reader({ arguments: { shortWithValue: 'lrHm', longWithValue: ['language', 'line-range', 'highlight-line', 'map-syntax', 'pager', 'theme', 'style', 'paging', 'wrap', 'tabs', 'terminal-width', 'color', 'italic-text', 'decorations', 'file-name'] }, runOptions: ['--pager'] }),
  batcat: reader({ arguments: { shortWithValue: 'lrHm', longWithValue: ['language', 'line-range', 'highlight-line', 'map-syntax', 'pager', 'theme', 'style', 'paging', 'wrap', 'tabs', 'terminal-width', 'color'] }, runOptions: ['--pager'] }),
  strings: reader({ arguments: { shortWithValue: 'ntTe', longWithValue: ['bytes', 'radix', 'target', 'encoding', 'output-separator'] } }),
  xxd: reader({ arguments: { shortWithValue: 'cglosn', longWithValue: ['cols', 'groupsize', 'len', 'seek', 'name'] }, writesOperandAt: 1, unsafeOptions: ['-r'] }),
  od: reader({ arguments: { shortWithValue: 'AjNStw', longWithValue: ['address-radix', 'skip-bytes', 'read-bytes', 'strings', 'format', 'width', 'endian'] } }),
  hexdump: reader({ arguments: { shortWithValue: 'enfs' }, readOptions: ['-f'] }),
  base64: reader({ arguments: { shortWithValue: 'w', longWithValue: ['wrap'] } }),
  base32: reader({ arguments: { shortWithValue: 'w', longWithValue: ['wrap'] } }),
  md5sum: reader(),
  sha1sum: reader(),
  sha224sum: reader(),
  sha256sum: reader(),
  sha384sum: reader(),
  sha512sum: reader(),
  b2sum: reader({ arguments: { shortWithValue: 'l', longWithValue: ['length'] } }),
  cksum: reader({ arguments: { shortWithValue: 'al', longWithValue: ['algorithm', 'length'] } }),
  sum: reader(),
  wc: reader({ arguments: { longWithValue: ['files0-from'] }, readOptions: ['--files0-from'], namesFromOptions: ['--files0-from'] }),
  cut: reader({ arguments: { shortWithValue: 'bcdf', longWithValue: ['bytes', 'characters', 'delimiter', 'fields', 'output-delimiter'] } }),
  paste: reader({ arguments: { shortWithValue: 'd', longWithValue: ['delimiters'] } }),
  comm: reader({ arguments: { longWithValue: ['output-delimiter'] } }),
  join: reader({ arguments: { shortWithValue: 'aejotv', longWithValue: ['field'] } }),
  expand: reader({ arguments: { shortWithValue: 't', longWithValue: ['tabs'] } }),
  unexpand: reader({ arguments: { shortWithValue: 't', longWithValue: ['tabs'] } }),
  fold: reader({ arguments: { shortWithValue: 'w', longWithValue: ['width'] } }),
  fmt: reader({ arguments: { shortWithValue: 'wgp', longWithValue: ['width', 'goal', 'prefix'] } }),
  column: reader({ arguments: { shortWithValue: 'cslonHORdEW', longWithValue: ['columns', 'separator', 'output-separator', 'table-columns', 'table-name', 'table-order', 'table-hide', 'table-right', 'table-truncate', 'table-noextreme', 'table-wrap', 'table-noheadings'] } }),
  rev: reader(),
  diff: reader({ arguments: { shortWithValue: 'CUFIxSWDX', longWithValue: ['context', 'unified', 'show-function-line', 'ignore-matching-lines', 'exclude', 'exclude-from', 'starting-file', 'label', 'width', 'tabsize', 'line-format', 'old-line-format', 'new-line-format', 'unchanged-line-format', 'old-group-format', 'new-group-format', 'changed-group-format', 'unchanged-group-format', 'horizon-lines', 'color', 'palette', 'from-file', 'to-file'] }, recursiveOptions: ['-r', '--recursive'], readOptions: ['-X', '--exclude-from', '--from-file', '--to-file'] }),
  cmp: reader({ arguments: { shortWithValue: 'in', longWithValue: ['ignore-initial', 'bytes'] } }),
  file: reader({ arguments: { shortWithValue: 'eFfmP', longWithValue: ['exclude', 'separator', 'files-from', 'magic-file', 'parameter', 'exclude-quiet'] }, readOptions: ['-f', '--files-from', '-m', '--magic-file'], namesFromOptions: ['-f', '--files-from'], unsafeOptions: ['-C', '--compile'] }),
  iconv: reader({ arguments: { shortWithValue: 'fto', longWithValue: ['from-code', 'to-code', 'output'] }, writeOptions: ['-o', '--output'] }),
  sort: reader({
    arguments: { shortWithValue: 'kotST', longWithValue: ['key', 'output', 'field-separator', 'buffer-size', 'temporary-directory', 'compress-program', 'files0-from', 'parallel', 'batch-size', 'random-source', 'sort'] },
    writeOptions: ['-o', '--output', '-T', '--temporary-directory'],
    readOptions: ['--files0-from', '--random-source'],
    namesFromOptions: ['--files0-from'],
    runOptions: ['--compress-program'],
  }),
  uniq: reader({ arguments: { shortWithValue: 'fsw', longWithValue: ['skip-fields', 'skip-chars', 'check-chars', 'all-repeated', 'group'] }, writesOperandAt: 1 }),
  shuf: reader({ arguments: { shortWithValue: 'inoe', longWithValue: ['input-range', 'head-count', 'output', 'random-source'] }, writeOptions: ['-o', '--output'], readOptions: ['--random-source'] }),
  stat: lister({ arguments: { shortWithValue: 'c', longWithValue: ['format', 'printf', 'cached'] }, defaultOperand: undefined }),
  ls: lister({ arguments: { shortWithValue: 'ITw', longWithValue: ['ignore', 'hide', 'width', 'tabsize', 'format', 'sort', 'time', 'time-style', 'block-size', 'indicator-style', 'quoting-style', 'color', 'hyperlink'] } }),
  du: lister({ arguments: { shortWithValue: 'BdtX', longWithValue: ['block-size', 'max-depth', 'threshold', 'exclude', 'exclude-from', 'files0-from', 'time', 'time-style'] }, readOptions: ['-X', '--exclude-from', '--files0-from'], namesFromOptions: ['--files0-from'] }),
  tree: lister({ arguments: { shortWithValue: 'LPIHTo', longWithValue: ['filelimit', 'timefmt', 'charset', 'sort', 'output', 'fromfile'] }, writeOptions: ['-o', '--output'] }),
  df: { operands: 'none', readOnly: true },
};
