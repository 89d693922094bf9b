import { describe, expect, it } from 'vitest';
import { splitCommandBestEffort } from './split-command-best-effort.ts';

describe('splitCommandBestEffort', () => {
  it('splits at every operator, even a broken one', () => {
    expect(splitCommandBestEffort('rm -rf / &&& x')).toEqual(expect.arrayContaining(['rm -rf /', 'x']));
  });

  it('looks inside quotes and substitutions', () => {
    expect(splitCommandBestEffort("bash -c 'rm -rf / ")).toContain('rm -rf /');
    expect(splitCommandBestEffort('echo "$(rm -rf /)')).toContain('rm -rf /');
  });

  it('unquotes, joins continued lines and strips assignments and wrappers', () => {
    expect(splitCommandBestEffort("r'm' -rf / '")).toContain('rm -rf /');
    expect(splitCommandBestEffort('FOO=1 timeout 5 rm \\\n -rf / "')).toContain('rm -rf /');
  });
});

describe('splitCommandBestEffort: keywords', () => {
  it('drops the keywords a command can follow', () => {
    expect(splitCommandBestEffort('! for i in 1; do rm -rf /; done')).toContain('rm -rf /');
    expect(splitCommandBestEffort('if x; then rm -rf /; fi "')).toContain('rm -rf /');
  });
});
