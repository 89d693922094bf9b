import { isEditingCommand } from './shell/is-editing-command.ts';
import { coverPath, coverTargets, findBlanketRule } from './match-rules.ts';
import { isInWorkingDirectories } from './path-containment.ts';
import type { PreparedCall, PreparedPath } from './prepare-call.ts';
import type { PermissionDecisionReason, PermissionMode, PermissionResult, PermissionRule } from './types.ts';

/** Whether a call may run without asking, as far as allow rules, the tool's own check and the mode go. */
export interface Approval {
  /** What approves what the call is (its commands, URLs, names): a rule, the tool, or the mode; undefined when nothing does. */
  targets?: { rule?: PermissionRule; reason: PermissionDecisionReason };
  /** The first file the call touches that needs approval, with the message to ask it with; undefined when every file is approved. */
  path?: { reason: PermissionDecisionReason; message: string };
}

/**
 * Approves a call in two parts. What the call is: a whole-tool allow rule, content rules covering every
 * shell subcommand, URL and name (and, for a tool with only paths, every path), the tool's own allow (a
 * read-only command), or in acceptEdits a command made only of readers and file editors (`mkdir`, `rm`,
 * `sed -i`…). And every file it touches: a Read/Edit allow rule, or the working-directory policy: inside
 * them reads are fine, a command's own operands are approved with it, and other writes (the tool's own, a
 * redirect, a write through an option) need acceptEdits; outside them, an allow rule is needed, and for
 * a write one that names the place (a bare `Write` rule is not enough). Files only known at run time are
 * never approved.
 */
export function approveCall(options: {
  call: PreparedCall;
  allowRules: readonly PermissionRule[];
  own: PermissionResult;
  mode: PermissionMode;
  workingDirectories: readonly string[];
}): Approval {
  const { call, mode, allowRules, own, workingDirectories } = options;
  const blanket = findBlanketRule(call, allowRules);
  return { targets: approveTargets(call, { allowRules, own, mode, blanket }), path: firstUnapprovedPath(call, { allowRules, mode, workingDirectories, blanket }) };
}

function approveTargets(call: PreparedCall, options: { allowRules: readonly PermissionRule[]; own: PermissionResult; mode: PermissionMode; blanket?: PermissionRule }): Approval['targets'] {
  const { own, blanket } = options;
  if (blanket) return { rule: blanket, reason: { type: 'rule', rule: blanket } };
  const covering = coverTargets(call, options.allowRules);
  if (covering) return { rule: covering[0], reason: { type: 'rule', rule: covering[0]! } };
  if (own.behavior === 'allow') return { reason: own.decisionReason ?? { type: 'tool', reason: 'the tool allows this call' } };
  if (options.mode === 'acceptEdits' && call.commands.length > 0 && call.commands.every(({ analysis }) => analysis.ok && analysis.commands.length > 0 && analysis.commands.every(isEditingCommand))) {
    return { reason: { type: 'mode', mode: 'acceptEdits' } };
  }
  return undefined;
}

function firstUnapprovedPath(call: PreparedCall, options: { allowRules: readonly PermissionRule[]; mode: PermissionMode; workingDirectories: readonly string[]; blanket?: PermissionRule }): Approval['path'] {
  const { mode, workingDirectories } = options;
  const name = call.tool.name;
  if (call.unresolvedWrites.length > 0) {
    return { reason: { type: 'other', reason: 'unresolved write' }, message: `This ${name} call writes to a file whose name is only known at run time (${call.unresolvedWrites.join(', ')}).` };
  }
  if (call.unresolvedReads.length > 0) {
    return { reason: { type: 'other', reason: 'unresolved read' }, message: `This ${name} call reads a file whose name is only known at run time (${call.unresolvedReads.join(', ')}).` };
  }
  for (const entry of call.paths) {
    if (entry.origin === 'possible') continue;
    const outside = [entry.variants.lexical, entry.variants.real, entry.variants.written ?? entry.variants.real].some((name) => !isInWorkingDirectories(name, workingDirectories));
    // A bare tool rule (`Write`, a skill's `allowed-tools: Write`) approves the tool, not every place: a write
    // outside the working directories needs a rule that names it.
    if (entry.origin === 'tool' && options.blanket && !(outside && entry.access === 'write')) continue;
    if (coverPath(call, options.allowRules, entry) || coverPath(call, options.allowRules, outsideNamesOnly(entry, workingDirectories))) continue;
    if (outside) {
      const verb = entry.access === 'read' ? 'read' : 'write';
      return { reason: { type: 'workingDirectory', path: entry.variants.real }, message: `${name} wants to ${verb} ${describe(entry)}, which is outside the working directories.` };
    }
    if (entry.access === 'write' && entry.origin !== 'operand' && mode !== 'acceptEdits') {
      return { reason: { type: 'mode', mode }, message: `${name} wants to write ${describe(entry)}.` };
    }
  }
  return undefined;
}

/**
 * A read through a link inside the working directories to a file outside them: its names inside them are
 * read without a rule (the working-directory policy), so an allow rule only has to cover the place outside,
 * the one a rule suggested for it names. Each inside name is swapped for the real one; writes are unchanged.
 */
function outsideNamesOnly(entry: PreparedPath, workingDirectories: readonly string[]): PreparedPath {
  const { variants } = entry;
  if (entry.access !== 'read' || isInWorkingDirectories(variants.real, workingDirectories)) return entry;
  const outsideName = (name: string) => (isInWorkingDirectories(name, workingDirectories) ? variants.real : name);
  return { ...entry, variants: { ...variants, lexical: outsideName(variants.lexical), ...(variants.written !== undefined && { written: outsideName(variants.written) }) } };
}

function describe(entry: PreparedPath): string {
  return entry.recursive ? `${entry.path} and everything in it` : entry.path;
}
