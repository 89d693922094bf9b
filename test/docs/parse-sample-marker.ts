/**
 * Test-only: what the `<!-- sample: ... -->` comment above a fenced block of the docs says about it.
 *
 * - none, or `<!-- sample: check -->`: a complete program, type-checked as it is (ts/js), parsed (json), its
 *   `codev` lines checked (sh);
 * - `<!-- sample: prelude NAME -->`: a fragment, type-checked after `test/docs/test-fixtures/preludes/NAME.ts`
 *   (the imports and declared names it uses);
 * - `<!-- sample: run NAME -->`: a complete program, type-checked and run against the fake Messages server as
 *   `test/docs/test-fixtures/runs/NAME.json` says (the command, the replies, the exit code and output expected);
 * - `<!-- sample: skip REASON -->`: not checked, for the reason written there (required).
 */
export type SampleMarker =
  | { kind: 'check' }
  | { kind: 'prelude'; name: string }
  | { kind: 'run'; name: string }
  | { kind: 'skip'; reason: string }
  | { kind: 'invalid'; problem: string };

const NAME = /^[a-z0-9-]+$/;

/** Parses the text after `sample:` in a marker comment; a malformed marker is `invalid`, for the test to report. */
export function parseSampleMarker(text: string): SampleMarker {
  const [kind = '', ...rest] = text.trim().split(/\s+/);
  const argument = rest.join(' ');
  if (kind === 'check' && argument === '') return { kind };
  if ((kind === 'prelude' || kind === 'run') && NAME.test(argument)) return { kind, name: argument };
  if (kind === 'skip' && argument !== '') return { kind, reason: argument };
  if (kind === 'skip') return { kind: 'invalid', problem: 'a skip needs its reason: <!-- sample: skip REASON -->' };
  return { kind: 'invalid', problem: `"sample:${text}" is not one of: check, prelude NAME, run NAME, skip REASON` };
}
