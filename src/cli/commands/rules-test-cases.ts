import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { CodevError } from '../../errors/codev-error.ts';
import { PERMISSION_MODES, type PermissionMode } from '../../permissions/types.ts';

/** One expected decision of a `codev rules test` table. */
export interface RulesTestCase {
  /** Shown in the report; defaults to the tool and input. */
  name?: string;
  tool: string;
  /** The tool's input, or for Bash, Read, Edit, Write and WebFetch the bare command, path or URL. */
  input: string | Record<string, unknown>;
  expect: 'allow' | 'ask' | 'deny';
  /** The permission mode to decide in; default the project's. */
  mode?: PermissionMode;
}

const KEYS = new Set(['name', 'tool', 'input', 'expect', 'mode']);
const DECISIONS = ['allow', 'ask', 'deny'];

/**
 * Reads a table of expected decisions: a JSON array of cases, or `{ "cases": [...] }`. Every problem is a
 * `RULES_TEST_INVALID` naming the file and the field (`cases[3].expect`), so a broken table never passes; a
 * file that cannot be read is `CLI_USAGE`.
 */
export async function readRulesTestCases(options: { file: string; cwd: string }): Promise<RulesTestCase[]> {
  const file = path.resolve(options.cwd, options.file);
  const fail = (message: string, field?: string, hint?: string) => new CodevError('RULES_TEST_INVALID', message, { file, ...(field && { field }), ...(hint && { hint }) });
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    // The path came from the command line: a file that cannot be read is a usage error (exit 2), as --json-schema's is.
    throw new CodevError('CLI_USAGE', `Cannot read the rules test file: ${(error as Error).message}`, { hint: 'pass the path of a JSON file of cases, e.g. codev rules test permissions.test.json' });
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw fail(`The rules test file is not valid JSON: ${(error as Error).message}`, undefined, 'write [{ "tool": "Bash", "input": "git status", "expect": "allow" }]');
  }
  const cases = Array.isArray(parsed) ? parsed : isRecord(parsed) && Array.isArray(parsed.cases) ? parsed.cases : undefined;
  if (!cases) throw fail('The rules test file must hold an array of cases, or { "cases": [...] }', '(root)');
  if (cases.length === 0) throw fail('The rules test file has no cases', 'cases');
  return cases.map((entry: unknown, index) => {
    const at = (key?: string) => `cases[${index}]${key ? `.${key}` : ''}`;
    if (!isRecord(entry)) throw fail('A case must be an object { tool, input, expect, name?, mode? }', at());
    const unknown = Object.keys(entry).find((key) => !KEYS.has(key));
    if (unknown) throw fail(`Unknown key "${unknown}"`, at(unknown), 'a case has tool, input, expect, and optionally name and mode');
    if (typeof entry.tool !== 'string' || entry.tool.trim() === '') throw fail('"tool" must be a tool name', at('tool'), 'e.g. "Bash", "Read", "mcp__github__create_issue"');
    if (typeof entry.input !== 'string' && !isRecord(entry.input)) throw fail('"input" must be the tool input (an object), or a command, path or URL (a string)', at('input'));
    if (typeof entry.expect !== 'string' || !DECISIONS.includes(entry.expect)) throw fail(`"expect" must be one of ${DECISIONS.join(', ')}`, at('expect'));
    if (entry.mode !== undefined && !PERMISSION_MODES.includes(entry.mode as PermissionMode)) throw fail(`"mode" must be one of ${PERMISSION_MODES.join(', ')}`, at('mode'));
    if (entry.name !== undefined && typeof entry.name !== 'string') throw fail('"name" must be a string', at('name'));
    return entry as unknown as RulesTestCase;
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
