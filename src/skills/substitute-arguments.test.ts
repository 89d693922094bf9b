import { describe, expect, it } from 'vitest';
import { splitArguments } from './split-arguments.ts';
import { substituteArguments } from './substitute-arguments.ts';

describe('splitArguments', () => {
  it.each([
    ['', []],
    ['  a   b  ', ['a', 'b']],
    ['"two words" three', ['two words', 'three']],
    ["'it''s' x", ['its', 'x']],
    ["'a \"b\"' c", ['a "b"', 'c']],
    ['"say \\"hi\\"" \\$HOME', ['say "hi"', '$HOME']],
    ['a\\ b', ['a b']],
    ["'' x", ['', 'x']],
    ['"unclosed rest', ['unclosed rest']],
    ['x"y z"w', ['xy zw']],
  ])('%j → %j', (input, expected) => {
    expect(splitArguments(input)).toEqual(expected);
  });
});

describe('substituteArguments', () => {
  const skillDirectory = '/skills/deploy';
  it.each([
    ['Deploy $ARGUMENTS now', 'staging --dry-run', 'Deploy staging --dry-run now'],
    ['env=$1 flag=$2 missing=[$3]', 'staging --dry-run', 'env=staging flag=--dry-run missing=[]'],
    ['first=$1', '"us east" 2', 'first=us east'],
    ['zero=$ARGUMENTS[0] one=$ARGUMENTS[1]', 'a b', 'zero=a one=b'],
    ['$10', 'a', 'a0'],
    ['run ${CODEV_SKILL_DIR}/deploy.sh $1', 'prod', 'run /skills/deploy/deploy.sh prod'],
    ['in ${CODEV_PROJECT_DIR}', '', 'in /project'],
    ['no args: $1|$ARGUMENTS|', '', 'no args: ||'],
    ['once: $1', '$2 $ARGUMENTS', 'once: $2'],
    ['Just do it.', 'extra words', 'Just do it.\n\nARGUMENTS: extra words\n'],
    ['Just do it.', '', 'Just do it.'],
    ['cost $5 of $ARGUMENTS', 'x', 'cost  of x'],
  ])('%j with %j', (body, args, expected) => {
    expect(substituteArguments({ body, args, skillDirectory, projectDirectory: '/project' })).toBe(expected);
  });
});
