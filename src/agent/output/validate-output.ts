import type { z } from 'zod';
import type { OutputIssue } from './types.ts';

/** The answer parsed by the schema (defaults and transforms applied), or every issue with its path. */
export function validateOutput(validator: z.ZodType, answer: unknown): { ok: true; output: unknown } | { ok: false; issues: OutputIssue[] } {
  const result = validator.safeParse(answer);
  if (result.success) return { ok: true, output: result.data };
  return { ok: false, issues: result.error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message })) };
}

/** The issues as the model reads them, one per line. */
export function formatOutputIssues(issues: readonly OutputIssue[]): string {
  return issues.map((issue) => `- ${issue.path === '' ? '(the answer)' : issue.path}: ${issue.message}`).join('\n');
}
