import path from 'node:path';
import { CodevError } from '../errors/codev-error.ts';
import { frontmatterKeyLine as keyLine, parseFrontmatter } from '../skills/parse-frontmatter.ts';
import { AGENT_NAME, agentDefinitionFieldsSchema } from './agent-definition-schema.ts';
import type { AgentTypeDefinition, AgentTypeSource } from '../tool/agent-scope.ts';

/**
 * Parses an agent file (`agents/<name>.md`): YAML frontmatter with `description` (required), `tools`,
 * `disallowedTools`, `model`, `permissionMode`, `maxTurns` and optionally `name` (default: the file name);
 * the body is the system prompt. A problem is an `AGENT_INVALID` value naming the file, line and field.
 */
export function parseAgentFile(options: { file: string; text: string; source: AgentTypeSource }): { definition: AgentTypeDefinition } | { error: CodevError } {
  const { file, text } = options;
  const fail = (message: string, details: { line?: number; field?: string; hint?: string } = {}) => ({
    error: new CodevError('AGENT_INVALID', `Agent ${file}${details.line ? `:${details.line}` : ''}: ${message}`, { file, ...details }),
  });
  const parsed = parseFrontmatter(text);
  if (!parsed.ok) return fail(parsed.message, { line: parsed.line, hint: 'the frontmatter is "key: value" lines between two "---" lines' });
  if (!parsed.present) return fail('no frontmatter', { line: 1, field: 'description', hint: 'start the file with "---", a "description: ..." line and "---"' });
  const { name: rawName, ...fields } = parsed.data;
  const name = rawName === undefined ? path.basename(file, path.extname(file)) : rawName;
  if (typeof name !== 'string' || !AGENT_NAME.test(name.trim())) {
    return fail(`invalid name "${String(name)}"`, { line: keyLine(text, 'name'), field: 'name', hint: 'use letters, digits, ".", "_", ":" or "-", at most 64 characters' });
  }
  const checked = agentDefinitionFieldsSchema().safeParse({ ...fields, maxTurns: toNumber(fields.maxTurns) });
  if (!checked.success) {
    const issue = checked.error.issues[0]!;
    const field = issue.code === 'unrecognized_keys' ? issue.keys[0]! : String(issue.path[0] ?? 'description');
    const message = issue.code === 'unrecognized_keys' ? `unknown field "${field}"` : `"${field}": ${issue.message}`;
    return fail(message, { line: keyLine(text, field) ?? 1, field, hint: 'known fields: name, description, tools, disallowedTools, model, permissionMode, maxTurns' });
  }
  const prompt = parsed.body.trim();
  if (prompt === '') return fail('the body (the system prompt) is empty', { field: 'prompt', hint: 'write the agent\'s instructions below the frontmatter' });
  return { definition: Object.freeze({ ...checked.data, name: name.trim(), prompt, source: options.source, file }) };
}

function toNumber(value: unknown): unknown {
  return typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
}
