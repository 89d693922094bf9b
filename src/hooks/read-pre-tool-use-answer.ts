import { errorMessage } from '../errors/codev-error.ts';
import { isHookFailureMark } from './hook-progress.ts';
import type { PreToolUseOutput } from './types.ts';

/** Whether `value`, read at `key`, is of the type codev reads there (undefined always is); false for a key codev does not read. */
function readable(key: string, value: unknown): boolean {
  switch (key) {
    case 'decision':
      return value === undefined || value === 'allow' || value === 'ask' || value === 'deny';
    case 'reason':
    case 'stopReason':
    case 'additionalContext':
      return value === undefined || typeof value === 'string';
    case 'stop':
      return value === undefined || typeof value === 'boolean';
    case 'updatedInput':
      return value === undefined || (typeof value === 'object' && value !== null && !Array.isArray(value));
    default:
      return false;
  }
}

const KEYS = new Set(['decision', 'reason', 'stopReason', 'additionalContext', 'stop', 'updatedInput']);

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
    for (const key of Object.getOwnPropertySymbols(answer)) if (!isHookFailureMark(key)) return { problem: `the key ${key.toString()}` };
    // One shape for every copy; only own keys are read, so a key set on Object.prototype is never taken for an answer.
    const copy: PreToolUseOutput = { decision: undefined, reason: undefined, updatedInput: undefined, additionalContext: undefined, stop: undefined, stopReason: undefined };
    for (const key of Object.getOwnPropertyNames(answer)) {
      if (!KEYS.has(key)) return { problem: `the key '${key}'` };
      const value: unknown = (answer as Record<string, unknown>)[key];
      if (!readable(key, value)) return { problem: `${key} ${shortJson(value)}` };
      (copy as Record<string, unknown>)[key] = value;
    }
    return { answer: copy };
  } catch (error) {
    return { problem: `an answer that could not be read (${errorMessage(error)})` };
  }
}

/** `Object.prototype` of this realm or another (a hook run in a `vm` context): the end of the chain, with Object's methods. */
function isObjectPrototype(prototype: object): boolean {
  return prototype === Object.prototype || (Object.getPrototypeOf(prototype) === null && Object.hasOwn(prototype, 'hasOwnProperty') && Reflect.ownKeys(prototype).every((key) => typeof key === 'symbol' || !KEYS.has(key)));
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
