import { errorMessage } from '../errors/codev-error.ts';
import { isHookFailureMark } from './hook-progress.ts';
import type { PreToolUseOutput } from './types.ts';

/** The decisions a PreToolUse hook may answer. */
export const PRE_TOOL_USE_DECISIONS: readonly string[] = ['allow', 'ask', 'deny'];

/** Each key codev reads, and whether a value read there is of the type codev reads (undefined always is). */
const FIELDS: Record<string, (value: unknown) => boolean> = {
  decision: (value) => typeof value === 'string' && PRE_TOOL_USE_DECISIONS.includes(value),
  reason: (value) => typeof value === 'string',
  stopReason: (value) => typeof value === 'string',
  additionalContext: (value) => typeof value === 'string',
  stop: (value) => typeof value === 'boolean',
  updatedInput: (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
};

/**
 * A PreToolUse hook's answer as codev reads it, once: a copy of its own properties, or what codev cannot read
 * in it. Read only through the copy, an answer cannot say one thing when checked and another when merged (a
 * getter), nor hold what the check does not see (a Map, a class's getter, a non-enumerable or symbol key,
 * a prototype): it is a plain object (or one without a prototype) whose every own key is one codev reads,
 * with a value of the type it reads. A getter or Proxy trap that throws is a problem too. `null`/`undefined`
 * are no answer (the caller's business).
 */
export function readPreToolUseAnswer(answer: unknown): { answer: PreToolUseOutput; problem?: undefined } | { problem: string } {
  try {
    if (typeof answer !== 'object' || answer === null || Array.isArray(answer)) return { problem: `${Array.isArray(answer) ? 'an array' : typeof answer} ${shortJson(answer)}` };
    const prototype = Object.getPrototypeOf(answer) as object | null;
    if (prototype !== null && !isObjectPrototype(prototype)) return { problem: `an object of another kind (${kindOf(prototype)})` };
    const copy: Record<string, unknown> = {};
    for (const key of Reflect.ownKeys(answer)) {
      if (isHookFailureMark(key)) continue;
      if (typeof key === 'symbol' || !Object.hasOwn(FIELDS, key)) return { problem: `the key ${typeof key === 'symbol' ? key.toString() : `'${key}'`}` };
      const value: unknown = (answer as Record<string, unknown>)[key];
      if (value !== undefined && !FIELDS[key]!(value)) return { problem: `${key} ${shortJson(value)}` };
      copy[key] = value;
    }
    return { answer: copy as PreToolUseOutput };
  } catch (error) {
    return { problem: `an answer that could not be read (${errorMessage(error)})` };
  }
}

/** `Object.prototype` of this realm or another (a hook run in a `vm` context): the end of the chain, with Object's methods. */
function isObjectPrototype(prototype: object): boolean {
  return prototype === Object.prototype || (Object.getPrototypeOf(prototype) === null && Object.hasOwn(prototype, 'hasOwnProperty') && Reflect.ownKeys(prototype).every((key) => !Object.hasOwn(FIELDS, key)));
}

function kindOf(prototype: unknown): string {
  const name = (prototype as { constructor?: { name?: unknown } }).constructor?.name;
  return typeof name === 'string' && name !== '' ? `a ${name}` : 'an object with a prototype';
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
