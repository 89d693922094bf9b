import type { HookEvent, HookMap, PostToolUseFailureOutput, PostToolUseOutput, PreToolUseOutput, SubagentStopOutput, UserPromptSubmitOutput } from '../types.ts';
import { mapPermissionRequestOutput } from './map-permission-request-output.ts';
import type { CommandHookOnFailure, CommandRunResult } from './types.ts';

type Answer = HookMap[HookEvent]['output'];

/** The events exit code 2 (and `onFailure: 'block'`) cannot block: there, it is a problem to report. */
const UNBLOCKABLE = ['SubagentStart', 'SessionStart', 'PermissionRequest'] as const satisfies readonly HookEvent[];
type BlockableEvent = Exclude<HookEvent, (typeof UNBLOCKABLE)[number]>;
const isBlockable = (event: HookEvent): event is BlockableEvent => !(UNBLOCKABLE as readonly HookEvent[]).includes(event);

/** A command hook's run turned into codev's hook answer, plus the problems to report (never fatal). */
export interface InterpretedCommandResult {
  answer?: Answer;
  problems: string[];
  /** Why the run blocked (exit 2, or a failure with `onFailure: 'block'`); the answer carries it too. */
  blocked?: string;
}

/**
 * Reads a hook command's result the way Claude Code does. Exit 0: stdout is JSON when it starts with `{`
 * (anything else is ignored, except for UserPromptSubmit and SessionStart, where it is context for the
 * model). Exit 2: blocking, stderr is the reason (PreToolUse denies; PostToolUse appends it as feedback;
 * PostToolUseFailure adds it as context; SubagentStop and Stop keep the agent going; UserPromptSubmit
 * refuses the prompt; SubagentStart, SessionStart and PermissionRequest cannot block, so it is a problem
 * to report, and a PermissionRequest prompt goes on to `canUseTool`). Any other failure (exit
 * code, timeout, spawn error, invalid JSON) is a problem to report and the call proceeds; valid JSON is
 * still honoured. With `onFailure: 'block'` a failure blocks like exit 2.
 */
export function interpretCommandResult(options: {
  event: HookEvent;
  run: CommandRunResult;
  onFailure: CommandHookOnFailure;
  timeoutSeconds: number;
}): InterpretedCommandResult {
  const { event, run } = options;
  if (run.aborted) return { problems: [] };
  if (run.exitCode === 2) {
    const reason = run.stderr.trim() || 'hook exited with status code 2';
    if (!isBlockable(event)) return { problems: [`exit code 2 does not block ${event}: ${firstLine(reason)}`] };
    return { answer: blockingAnswer(event, reason), problems: [], blocked: reason };
  }
  const problems: string[] = [];
  let json: Record<string, unknown> | undefined;
  if (run.spawnError) problems.push(`could not start the command: ${run.spawnError}`);
  else if (run.timedOut) problems.push(`timed out after ${options.timeoutSeconds} s`);
  else {
    json = parseStdout(run.stdout, problems);
    if (run.exitCode !== 0) problems.push(`Failed with non-blocking status code ${run.exitCode}: ${firstLine(run.stderr) || 'no stderr output'}`);
  }
  if (problems.length > 0 && options.onFailure === 'block' && isBlockable(event)) {
    const reason = `hook failed (onFailure: block): ${problems.join('; ')}`;
    return { answer: blockingAnswer(event, reason), problems: [], blocked: reason };
  }
  const plain = run.stdout.trim();
  if ((event === 'UserPromptSubmit' || event === 'SessionStart') && run.exitCode === 0 && plain !== '' && !plain.startsWith('{')) return { answer: { additionalContext: plain }, problems };
  // A PreCompact command's plain output is more instructions for the summary; PostCompact's answer is unused.
  if (event === 'PreCompact') return { answer: run.exitCode === 0 && plain !== '' && !plain.startsWith('{') ? { instructions: plain } : undefined, problems };
  if (event === 'PostCompact' || event === 'SessionEnd' || event === 'PostRewind') return { problems };
  return { answer: json ? mapJsonOutput(event, json, problems) : undefined, problems };
}

function blockingAnswer(event: BlockableEvent, reason: string): Answer {
  if (event === 'PreToolUse') return { decision: 'deny', reason } satisfies PreToolUseOutput;
  if (event === 'PostToolUse' || event === 'SubagentStop' || event === 'Stop' || event === 'UserPromptSubmit' || event === 'PreRewind') return { block: true, reason } satisfies PostToolUseOutput & SubagentStopOutput;
  return { additionalContext: reason } satisfies PostToolUseFailureOutput;
}

function parseStdout(stdout: string, problems: string[]): Record<string, unknown> | undefined {
  const text = stdout.trim();
  if (!text.startsWith('{')) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    if (isRecord(value)) return value;
  } catch (error) {
    problems.push(`stdout is not valid JSON (${(error as Error).message})`);
    return undefined;
  }
  problems.push('stdout JSON is not an object');
  return undefined;
}

/** Maps Claude Code's JSON fields to codev's answer of `event`. Fields of the wrong type are reported and ignored. */
function mapJsonOutput(event: HookEvent, json: Record<string, unknown>, problems: string[]): Answer | undefined {
  const text = (value: unknown, field: string): string | undefined => {
    if (value === undefined || typeof value === 'string') return value;
    problems.push(`${field} must be a string; ignored`);
    return undefined;
  };
  let specific = isRecord(json.hookSpecificOutput) ? json.hookSpecificOutput : {};
  // What a PreToolUse guard put in a hookSpecificOutput codev cannot read may be its deny: it denies.
  let unread = json.hookSpecificOutput !== undefined && !isRecord(json.hookSpecificOutput) ? 'is not an object' : undefined;
  if (specific.hookEventName !== undefined && specific.hookEventName !== event) {
    unread = `is for ${JSON.stringify(specific.hookEventName)}, not ${event}`;
    specific = {};
  }
  if (unread !== undefined) problems.push(`hookSpecificOutput ${unread}; ignored${event === 'PreToolUse' ? ', and the call is denied' : ''}`);
  if (event === 'PermissionRequest') return mapPermissionRequestOutput({ json, specific, problems });
  const additionalContext = text(specific.additionalContext, 'hookSpecificOutput.additionalContext');
  const stop = json.continue === false ? { stop: true, stopReason: text(json.stopReason, 'stopReason') ?? 'stopped by hook' } : {};
  if (event === 'PostToolUseFailure' || event === 'SubagentStart' || event === 'SessionStart') return { additionalContext };
  const reason = text(json.reason, 'reason');
  // `continue: false` means "stop", which for SubagentStop and Stop wins over a block (over every hook's, for Stop).
  if (event === 'SubagentStop') return json.decision === 'block' && json.continue !== false ? { block: true, reason: reason ?? 'blocked by hook' } : {};
  if (event === 'Stop') return json.continue === false ? { stop: true } : json.decision === 'block' ? { block: true, reason: reason ?? 'blocked by hook' } : {};
  // A PreRewind block (or `continue: false`) refuses the rewind, as exit code 2 does.
  if (event === 'PreRewind') {
    if (stop.stop) return { block: true, reason: stop.stopReason };
    if (json.decision === 'block') return { block: true, reason: reason ?? 'blocked by hook' };
    if (json.decision === undefined || json.decision === 'approve') return {};
    // A guard's decision codev does not know is no "go ahead" (as for PreToolUse).
    problems.push(`decision ${JSON.stringify(json.decision)} is not supported (use block, or exit code 2); the rewind is refused`);
    return { block: true, reason: `decision ${JSON.stringify(json.decision)} is not understood` };
  }
  if (event === 'UserPromptSubmit') {
    // Either way the prompt is not sent; `stopReason` wins, as `continue: false` does in Claude Code.
    const block = stop.stop ? { block: true, reason: stop.stopReason } : json.decision === 'block' ? { block: true, reason: reason ?? 'blocked by hook' } : {};
    return { additionalContext, ...block } satisfies UserPromptSubmitOutput;
  }
  if (event === 'PostToolUse') {
    const updatedOutput = specific.updatedMCPToolOutput ?? specific.updatedToolOutput;
    const block = json.decision === 'block' ? { block: true, reason: reason ?? 'blocked by hook' } : {};
    return { additionalContext, ...(updatedOutput === undefined ? {} : { updatedOutput }), ...block, ...stop } satisfies PostToolUseOutput;
  }
  const answer: PreToolUseOutput = { additionalContext, ...stop };
  const permission = specific.permissionDecision;
  if (permission === 'allow' || permission === 'deny' || permission === 'ask') {
    answer.decision = permission;
    answer.reason = text(specific.permissionDecisionReason, 'hookSpecificOutput.permissionDecisionReason') ?? reason;
  } else if (permission !== undefined) {
    // A guard's answer that is not read is a guard that did not say "go ahead".
    problems.push(`hookSpecificOutput.permissionDecision ${JSON.stringify(permission)} is not supported (use allow, deny or ask); the call is denied`);
    answer.decision = 'deny';
    answer.reason = `the hook answered permissionDecision ${JSON.stringify(permission)}, which codev does not understand`;
  } else if (json.decision === 'approve' || json.decision === 'block') {
    answer.decision = json.decision === 'approve' ? 'allow' : 'deny';
    answer.reason = reason;
  } else if (json.decision !== undefined) {
    problems.push(`decision ${JSON.stringify(json.decision)} is not supported (use approve or block, or hookSpecificOutput.permissionDecision); the call is denied`);
    answer.decision = 'deny';
    answer.reason = `the hook answered decision ${JSON.stringify(json.decision)}, which codev does not understand`;
  }
  if (isRecord(specific.updatedInput)) answer.updatedInput = specific.updatedInput;
  else if (specific.updatedInput !== undefined) {
    // Run as it was, the call would be the one the hook meant to rewrite.
    problems.push('hookSpecificOutput.updatedInput must be an object; the call is denied');
    unread = `updatedInput ${JSON.stringify(specific.updatedInput)}`;
  }
  if (unread !== undefined) {
    answer.decision = 'deny';
    answer.reason = `the hook answered hookSpecificOutput ${unread}, which codev does not understand`;
  }
  return answer;
}

function firstLine(text: string): string {
  return text.trim().split('\n')[0]?.slice(0, 500) ?? '';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
