import { describe, expect, it } from 'vitest';
import { analyzeShellCommand } from './analyze-shell-command.ts';
import { commandFileTargets } from './command-file-targets.ts';

const targets = async (command: string) => commandFileTargets(await analyzeShellCommand(command)).map((target) => `${target.access}:${target.path}`);

describe('commandFileTargets', () => {
  it('names the files recognised commands read and write', async () => {
    expect(await targets('cat a b')).toEqual(['read:a', 'read:b']);
    expect(await targets('grep -n TODO src/x.ts')).toEqual(['read:src/x.ts']);
    expect(await targets('grep -e TODO -f pats.txt src/x.ts')).toEqual(['read:pats.txt', 'read:src/x.ts']);
    expect(await targets('sed -i s/a/b/ conf')).toEqual(['write:conf']);
    expect(await targets('cp -r a b dest')).toEqual(['read:a', 'read:b', 'write:dest']);
    expect(await targets('chmod 600 key')).toEqual(['write:key']);
    expect(await targets('dd if=disk.img of=/dev/sda bs=1M')).toEqual(['read:disk.img', 'write:/dev/sda']);
    expect(await targets('wc -l < data.csv')).toEqual(['read:data.csv']);
    expect(await targets('rm -- -weird')).toEqual(['write:-weird']);
    expect(await targets('echo $(cat secret)')).toEqual(['read:secret']);
  });

  it('skips words it cannot resolve and commands it does not know', async () => {
    expect(await targets('cat $FILE *.log')).toEqual([]);
    expect(await targets('ls -la src')).toEqual([]);
    expect(await targets('python script.py')).toEqual([]);
    expect(await targets('cat <<EOF\nhello\nEOF')).toEqual([]);
    expect(commandFileTargets({ ok: false, reason: 'parse-error', message: 'x' })).toEqual([]);
  });
});
