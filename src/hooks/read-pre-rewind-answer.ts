import { errorMessage } from '../errors/codev-error.ts';
import { isHookFailureMark } from './hook-progress.ts';
import type { PreRewindOutput } from './session-hook-types.ts';

/**
 * A PreRewind hook's answer as codev reads it, once: `{ block?: boolean, reason?: string }` as a plain
 * object (or one without a prototype), copied; or what codev cannot read in it (another type, another key,
 * a getter that throws). `null`/`undefined` are no answer (the caller's business). As for PreToolUse, a
 * guard's answer that is not understood must not be read as "go ahead".
 */
export function readPreRewindAnswer(answer: unknown): { answer: PreRewindOutput; problem?: undefined } | { problem: string } {
  try {
    if (typeof answer !== 'object' || answer === null || Array.isArray(answer)) return { problem: `${Array.isArray(answer) ? 'an array' : typeof answer} ${shortJson(answer)}` };
    const prototype = Object.getPrototypeOf(answer) as object | null;
    if (prototype !== null && !isObjectPrototype(prototype)) return { problem: 'an object of another kind' };
    for (const key of Object.getOwnPropertySymbols(answer)) if (!isHookFailureMark(key)) return { problem: `the key ${key.toString()}` };
    const copy: PreRewindOutput = {};
    for (const key of Object.getOwnPropertyNames(answer)) {
      const value: unknown = (answer as Record<string, unknown>)[key];
      if (key === 'block' && (value === undefined || typeof value === 'boolean')) copy.block = value;
      else if (key === 'reason' && (value === undefined || typeof value === 'string')) copy.reason = value;
      else return { problem: key === 'block' || key === 'reason' ? `${key} ${shortJson(value)}` : `the key '${key}'` };
    }
    return { answer: copy };
  } catch (error) {
    return { problem: `an answer that could not be read (${errorMessage(error)})` };
  }
}

/** `Object.prototype` of this realm or another (a hook run in a `vm` context); a Map's or a class's is not. */
function isObjectPrototype(prototype: object): boolean {
  return prototype === Object.prototype || (Object.getPrototypeOf(prototype) === null && Object.hasOwn(prototype, 'hasOwnProperty') && !Object.hasOwn(prototype, 'block') && !Object.hasOwn(prototype, 'reason'));
}

function shortJson(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = Object.prototype.toString.call(value);
  }
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
