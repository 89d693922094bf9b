import { callTool } from './stages/call-tool.ts';
import { checkAbort } from './stages/check-abort.ts';
import { checkPermission } from './stages/check-permission.ts';
import { findTool } from './stages/find-tool.ts';
import { mapResult } from './stages/map-result.ts';
import { parseInput } from './stages/parse-input.ts';
import { runAfterHooks } from './stages/run-after-hooks.ts';
import { runBeforeHooks } from './stages/run-before-hooks.ts';
import { validateInput } from './stages/validate-input.ts';
import type { Stage } from './types.ts';

/**
 * The whole lifecycle of a tool call, in order. Each stage may end the call with an outcome; the result
 * message is built from whatever the call reached (see `buildResult`).
 */
export const STAGES: readonly Stage[] = [
  findTool, // 1. the tool, by name, alias or legacy name
  checkAbort, // 2. the user has not interrupted
  parseInput, // 3. zod validation, with messages that name each bad parameter
  validateInput, // 4. the tool's own checks
  runBeforeHooks, // 5. PreToolUse hooks: messages, decisions, rewritten input, stop
  checkPermission, // 6. modes, rules, prompt, classifier
  callTool, // 7. call() with progress
  mapResult, // 8. the tool_result block; large results persisted to disk
  runAfterHooks, // 9. PostToolUse hooks
];
