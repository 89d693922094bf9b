import { describe, expect, it } from 'vitest';
import { createOutageLog } from './create-outage-log.ts';

describe('createOutageLog', () => {
  it('says one lost line per outage and one back line once every lost connection is back; drops connection errors, tells others', () => {
    const lines: string[] = [];
    const outage = createOutageLog({ url: 'redis://:secret@127.0.0.1:6379', log: (line) => void lines.push(line) });
    const commands = outage.connection('commands');
    const worker = outage.connection('worker');
    commands({ type: 'lost', message: 'connect ECONNREFUSED 127.0.0.1:6379' });
    worker({ type: 'lost', message: 'connect ECONNREFUSED 127.0.0.1:6379' });
    for (let retry = 0; retry < 5; retry++) outage.error('worker', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6379'), { code: 'ECONNREFUSED' }));
    commands({ type: 'back' });
    expect(lines).toHaveLength(1);
    worker({ type: 'back' });
    outage.error('worker', new Error('Missing lock for job 1'));
    expect(lines).toHaveLength(3);
    expect(lines[0]).toContain('redis://:***@127.0.0.1:6379');
    expect(lines[0]).not.toContain('secret');
    expect(lines[2]).toContain('Missing lock for job 1');
  });
});
