import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { CodevError, errorMessage } from '../../errors/codev-error.ts';
import type { JSONSchemaObject } from '../../tool/types.ts';

/**
 * The JSON Schema in `--json-schema FILE` (relative to `cwd`): a file that cannot be read or is not a JSON
 * object is `CLI_USAGE`; whether it describes an object is checked by createAgent (`INPUT_INVALID`).
 */
export async function readJsonSchemaFile(options: { file: string; cwd: string }): Promise<JSONSchemaObject> {
  const file = path.resolve(options.cwd, options.file);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new CodevError('CLI_USAGE', `--json-schema: cannot read ${file}: ${errorMessage(error)}`, { hint: 'pass the path of a JSON Schema file, e.g. --json-schema answer.schema.json' });
  }
  let schema: unknown;
  try {
    schema = JSON.parse(text);
  } catch (error) {
    throw new CodevError('CLI_USAGE', `--json-schema: ${file} is not JSON: ${errorMessage(error)}`, { file });
  }
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) throw new CodevError('CLI_USAGE', `--json-schema: ${file} must hold a JSON Schema object`, { file, hint: '{ "type": "object", "properties": { ... } }' });
  return schema as JSONSchemaObject;
}
