import type { FrontmatterValue } from './types.ts';

/** A parsed frontmatter block, or where and why it is malformed (1-based line in the whole file). */
export type FrontmatterResult =
  | { ok: true; data: Record<string, FrontmatterValue>; body: string; present: boolean }
  | { ok: false; line: number; message: string };

const KEY_LINE = /^([A-Za-z_][\w.-]*)\s*:(?:\s+(.*))?$/;

/**
 * Splits `---`-fenced frontmatter from a markdown file and parses the YAML subset skills use:
 * `key: value` scalars (plain, single- or double-quoted), `true`/`false`, inline `[a, b]` lists,
 * `- item` block lists, `|` / `>` block scalars, indented plain continuations, one level of nested
 * `key: value` maps, and `#` comments. Anything else is an error naming the line. A file without a
 * leading `---` has no frontmatter (`present: false`).
 */
export function parseFrontmatter(text: string): FrontmatterResult {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  if (lines[0]?.trim() !== '---') return { ok: true, data: {}, body: text, present: false };
  const end = lines.findIndex((line, index) => index > 0 && /^(---|\.\.\.)\s*$/.test(line));
  if (end === -1) return { ok: false, line: 1, message: 'frontmatter is not closed: add a "---" line after it' };
  const data: Record<string, FrontmatterValue> = {};
  let index = 1;
  while (index < end) {
    const line = lines[index]!;
    const lineNumber = index + 1;
    if (isBlank(line)) {
      index++;
      continue;
    }
    if (/^\s/.test(line)) return { ok: false, line: lineNumber, message: `unexpected indentation: "${line.trim()}"` };
    const match = KEY_LINE.exec(line);
    if (!match) return { ok: false, line: lineNumber, message: `expected "key: value", found "${line.trim()}"` };
    const key = match[1]!;
    if (key in data) return { ok: false, line: lineNumber, message: `duplicate key "${key}"` };
    const raw = stripComment(match[2] ?? '').trim();
    const block = collectIndented(lines, index + 1, end);
    index = block.next;
    const value = parseValue({ raw, block: block.lines, lineNumber });
    if ('error' in value) return { ok: false, line: value.line, message: `${key}: ${value.error}` };
    data[key] = value.value;
  }
  return { ok: true, data, body: lines.slice(end + 1).join('\n'), present: true };
}

type Indented = { text: string; lineNumber: number };

function collectIndented(lines: readonly string[], start: number, end: number): { lines: Indented[]; next: number } {
  const collected: Indented[] = [];
  let index = start;
  while (index < end && (isBlank(lines[index]!) || /^\s/.test(lines[index]!))) {
    collected.push({ text: lines[index]!, lineNumber: index + 1 });
    index++;
  }
  while (collected.length > 0 && isBlank(collected.at(-1)!.text)) collected.pop();
  return { lines: collected, next: index };
}

function parseValue(options: { raw: string; block: Indented[]; lineNumber: number }): { value: FrontmatterValue } | { error: string; line: number } {
  const { raw, block, lineNumber } = options;
  if (/^[|>][+-]?$/.test(raw)) return { value: blockScalar(raw, block) };
  const content = block.filter((entry) => !isBlank(entry.text) && !entry.text.trim().startsWith('#'));
  if (raw === '') {
    if (content.length === 0) return { value: '' };
    if (content.every((entry) => /^\s+-(\s|$)/.test(entry.text))) {
      const items: string[] = [];
      for (const entry of content) {
        const item = scalar(stripComment(entry.text.trim().slice(1)).trim(), entry.lineNumber);
        if (typeof item !== 'string') return item;
        items.push(item);
      }
      return { value: items };
    }
    const map: Record<string, string> = {};
    for (const entry of content) {
      const match = KEY_LINE.exec(entry.text.trim());
      if (!match) return { error: `expected "- item" or "key: value", found "${entry.text.trim()}"`, line: entry.lineNumber };
      const item = scalar(stripComment(match[2] ?? '').trim(), entry.lineNumber);
      if (typeof item !== 'string') return item;
      map[match[1]!] = item;
    }
    return { value: map };
  }
  if (raw.startsWith('[')) {
    if (content.length > 0) return { error: 'an inline list must fit on one line', line: content[0]!.lineNumber };
    return inlineList(raw, lineNumber);
  }
  if (raw.startsWith('"') || raw.startsWith("'")) {
    if (content.length > 0) return { error: 'a quoted value must fit on one line (use "|" or ">" for long text)', line: content[0]!.lineNumber };
  }
  const folded = [raw, ...content.map((entry) => entry.text.trim())].join(' ');
  const value = scalar(folded, lineNumber);
  if (typeof value !== 'string') return value;
  if (content.length === 0 && (value === 'true' || value === 'false') && raw === value) return { value: value === 'true' };
  return { value };
}

function scalar(raw: string, line: number): string | { error: string; line: number } {
  if (raw.startsWith('"')) {
    if (!/^"(?:[^"\\]|\\.)*"$/.test(raw)) return { error: 'unterminated double-quoted string', line };
    try {
      return JSON.parse(raw) as string;
    } catch {
      return { error: 'invalid escape in double-quoted string', line };
    }
  }
  if (raw.startsWith("'")) {
    if (!/^'(?:[^']|'')*'$/.test(raw)) return { error: 'unterminated single-quoted string', line };
    return raw.slice(1, -1).replace(/''/g, "'");
  }
  return raw;
}

function inlineList(raw: string, line: number): { value: string[] } | { error: string; line: number } {
  if (!raw.endsWith(']')) return { error: 'inline list is not closed with "]"', line };
  const inner = raw.slice(1, -1).trim();
  if (inner === '') return { value: [] };
  const items: string[] = [];
  for (const part of splitTopLevel(inner, ',')) {
    const item = scalar(part.trim(), line);
    if (typeof item !== 'string') return item;
    items.push(item);
  }
  return { value: items };
}

/** Splits on `separator` outside quotes and parentheses, so `Bash(git add:*, x)` stays one item. */
export function splitTopLevel(text: string, separator: string | RegExp): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote: string | undefined;
  let current = '';
  for (const character of text) {
    if (quote) {
      if (character === quote) quote = undefined;
    } else if (character === '"' || character === "'") quote = character;
    else if (character === '(' || character === '[') depth++;
    else if (character === ')' || character === ']') depth = Math.max(0, depth - 1);
    else if (depth === 0 && (typeof separator === 'string' ? character === separator : separator.test(character))) {
      parts.push(current);
      current = '';
      continue;
    }
    current += character;
  }
  parts.push(current);
  return parts;
}

function blockScalar(indicator: string, block: Indented[]): string {
  const indent = Math.min(...block.filter((entry) => !isBlank(entry.text)).map((entry) => /^\s*/.exec(entry.text)![0].length));
  const lines = block.map((entry) => (isBlank(entry.text) ? '' : entry.text.slice(indent)));
  const text = indicator.startsWith('|') ? lines.join('\n') : foldLines(lines);
  return indicator.endsWith('-') ? text : `${text}\n`;
}

function foldLines(lines: readonly string[]): string {
  return lines.reduce((text, line, index) => (index === 0 ? line : line === '' ? `${text}\n` : text.endsWith('\n') || text === '' ? `${text}${line}` : `${text} ${line}`), '');
}

function stripComment(value: string): string {
  if (value.startsWith('"') || value.startsWith("'")) {
    const quote = value[0]!;
    const close = quote === '"' ? /^"(?:[^"\\]|\\.)*"/.exec(value) : /^'(?:[^']|'')*'/.exec(value);
    return close ? close[0] : value;
  }
  const hash = value.search(/(^|\s)#/);
  return hash === -1 ? value : value.slice(0, hash);
}

function isBlank(line: string): boolean {
  return line.trim() === '';
}

/** The 1-based line where a top-level frontmatter `key:` starts, for error messages; undefined when absent. */
export function frontmatterKeyLine(text: string, key: string): number | undefined {
  const index = text.split(/\r?\n/).findIndex((line) => line.startsWith(`${key}:`));
  return index === -1 ? undefined : index + 1;
}
