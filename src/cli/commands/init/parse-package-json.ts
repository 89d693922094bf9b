import { CodevError } from '../../../errors/codev-error.ts';

/**
 * A package.json's text as an object, or PACKAGE_JSON_INVALID naming the file and the line and column where
 * the JSON breaks (Node gives only an offset), or the field that is not what npm expects.
 */
export function parsePackageJson(text: string, file: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    const detail = (error as Error).message;
    const offset = Number(/at position (\d+)/.exec(detail)?.[1] ?? (/end of JSON input/.test(detail) ? text.length : NaN));
    const location = Number.isNaN(offset) ? {} : lineAndColumn(text, offset);
    throw new CodevError('PACKAGE_JSON_INVALID', `${file} is not valid JSON (${detail.replace(/ in JSON at position.*$/, '')}); nothing was written`, {
      file,
      ...location,
      hint: 'npm cannot read it either: correct it, then run codev init again',
    });
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new CodevError('PACKAGE_JSON_INVALID', `${file} does not hold a JSON object; nothing was written`, { file });
  }
  return value as Record<string, unknown>;
}

function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  return { line: before.split('\n').length, column: offset - before.lastIndexOf('\n') };
}
