import type { DescribeProgram, FileEffect } from './types.ts';

/** `dd if=IN of=OUT`: reads IN, writes OUT (stdin and stdout otherwise). */
export const describeDd: DescribeProgram = (args) => {
  const files: FileEffect[] = [];
  for (const word of args) {
    const equals = word.value.indexOf('=');
    const key = word.value.slice(0, equals);
    if (equals === -1 || (key !== 'if' && key !== 'of')) continue;
    files.push({ word: { ...word, value: word.value.slice(equals + 1) }, access: key === 'if' ? 'read' : 'write', via: 'operand' });
  }
  return { readOnly: false, files };
};
