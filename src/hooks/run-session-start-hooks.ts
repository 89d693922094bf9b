import { runEachHook } from './run-each-hook.ts';
import type { SessionStartSource } from './types.ts';
import type { SessionHookRunOptions } from './hook-run-options.ts';

/** The merged answer of the SessionStart (or SubagentStart) hooks. */
export interface SessionStartResult {
  /** Each hook's `additionalContext`, in registration order. */
  additionalContext: string[];
  /** Hooks that threw or timed out: reported, never fatal. */
  failures: string[];
}

/** Runs the SessionStart hooks whose matcher takes the source, one after another in registration order. */
export async function runSessionStartHooks(options: SessionHookRunOptions & { source: SessionStartSource; model?: string }): Promise<SessionStartResult> {
  const { hooks, ...session } = options;
  const additionalContext: string[] = [];
  const failures = await runEachHook({ hooks, event: 'SessionStart', matchName: options.source, input: { hookEventName: 'SessionStart', ...session }, onAnswer: collectContext(additionalContext) });
  return { additionalContext, failures };
}

/** An `onAnswer` that keeps each non-blank `additionalContext` in `into`. */
export function collectContext(into: string[]): (answer: { additionalContext?: string } | undefined) => void {
  return (answer) => {
    if (typeof answer?.additionalContext === 'string' && answer.additionalContext.trim() !== '') into.push(answer.additionalContext);
  };
}
