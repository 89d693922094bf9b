import type { PermissionExplanation } from '../../execution/explain-permission.ts';

/**
 * `codev rules explain` as text: each shell command and its parts (reads, writes, read-only, the rule that
 * covers or matches each), each path with its resolved forms, then the engine's verdict and the decision.
 */
export function formatPermissionExplanation(explanation: PermissionExplanation): string {
  const lines = [`${explanation.tool} ${JSON.stringify(explanation.input)}  (mode: ${explanation.mode})`];
  if (explanation.inputError) lines.push(`  the tool would refuse this input now: ${explanation.inputError}`);
  for (const shell of explanation.shell) {
    lines.push(`  command: ${shell.command}${shell.sandboxed ? '  (in the sandbox)' : '  (not sandboxed)'}`);
    if (!shell.parsed) lines.push(`    not analysed: ${shell.failure}`);
    if (shell.opaque) lines.push(`    hidden code: ${shell.opaque}`);
    if (shell.redirects.reads.length > 0) lines.push(`    redirect reads: ${shell.redirects.reads.join(', ')}`);
    if (shell.redirects.writes.length > 0) lines.push(`    redirect writes: ${shell.redirects.writes.join(', ')}`);
    for (const part of shell.commands) {
      lines.push(`    - ${part.text}${part.origin === 'top' ? '' : `  [${part.origin}]`}`);
      lines.push(`      ${part.known ? (part.readOnly ? 'read-only' : 'not read-only') : 'a program codev does not describe (not read-only)'}`);
      if (part.reads.length > 0) lines.push(`      reads: ${part.reads.join(', ')}`);
      if (part.writes.length > 0) lines.push(`      writes: ${part.writes.join(', ')}`);
      if (part.opaque) lines.push(`      hidden code: ${part.opaque}`);
      if (part.deniedBy) lines.push(`      matches the ${part.deniedBy.behavior} rule ${part.deniedBy.rule} (${part.deniedBy.source})`);
      if (part.allowedBy) lines.push(`      allowed by ${part.allowedBy.rule} (${part.allowedBy.source})`);
    }
  }
  for (const entry of explanation.paths) {
    const forms = entry.lexical === entry.real ? entry.real : `${entry.lexical} -> ${entry.real}`;
    lines.push(`  ${entry.access} ${forms}  (${entry.origin}${entry.recursive ? ', with everything in it' : ''})`);
    if (entry.protected) lines.push(`    protected: ${entry.protected}`);
    if (entry.allowedBy) lines.push(`    allowed by ${entry.allowedBy.rule} (${entry.allowedBy.source})`);
  }
  for (const url of explanation.urls) lines.push(`  url: ${url}`);
  for (const name of explanation.names) lines.push(`  name: ${name}`);
  if (explanation.unresolvedReads.length > 0) lines.push(`  reads only known at run time: ${explanation.unresolvedReads.join(', ')}`);
  if (explanation.unresolvedWrites.length > 0) lines.push(`  writes only known at run time: ${explanation.unresolvedWrites.join(', ')}`);
  const { verdict } = explanation;
  lines.push(`  verdict: ${verdict.behavior}${verdict.immune ? ' (no mode or allow rule can settle it)' : ''}, by ${verdict.reason}`);
  if (verdict.message) lines.push(`    ${verdict.message}`);
  lines.push(`decision: ${explanation.decision}`);
  return `${lines.join('\n')}\n`;
}
