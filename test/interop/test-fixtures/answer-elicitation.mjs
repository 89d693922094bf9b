#!/usr/bin/env node
/**
 * A Claude Code `Elicitation` hook (settings.json `hooks.Elicitation`): answers an MCP server's elicitation
 * instead of the dialog `claude -p` cannot show, as a user would pick in it.
 *
 *   node answer-elicitation.mjs <log file> <once|always|decline>
 *
 * Appends the hook's input (the elicitation: server, message, requested schema) to the log as one JSON line.
 * `once` / `always` accept with the schema's choice whose value says "once" / "always" (else the first
 * that says "allow"); `decline` declines.
 */
import { appendFileSync, readFileSync } from 'node:fs';

const [log, answer] = process.argv.slice(2);
const input = JSON.parse(readFileSync(0, 'utf8'));
appendFileSync(log, `${JSON.stringify(input)}\n`);
if (answer === 'decline') {
  process.stdout.write(JSON.stringify({ hookSpecificOutput: { hookEventName: 'Elicitation', action: 'decline' } }));
} else {
  const content = {};
  for (const [name, property] of Object.entries(input.requested_schema?.properties ?? {})) content[name] = choose(property, answer);
  process.stdout.write(JSON.stringify({ hookSpecificOutput: { hookEventName: 'Elicitation', action: 'accept', content } }));
}

/** The value a user answering `answer` picks for one field of the form. */
function choose(property, wanted) {
  const values = property.enum ?? (property.oneOf ?? property.anyOf ?? []).map((option) => option.const);
  if (values.length > 0) return values.find((value) => String(value).toLowerCase().includes(wanted)) ?? values.find((value) => /allow|yes|accept/i.test(String(value))) ?? values[0];
  if (property.type === 'boolean') return wanted === 'always';
  return property.default ?? '';
}
