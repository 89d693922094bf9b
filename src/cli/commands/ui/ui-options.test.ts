import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { rejectionCode } from '../../../testing/rejection-code.ts';
import { DEFAULT_UI_PORT, uiSettings } from './ui-options.ts';

const settings = (values: Parameters<typeof uiSettings>[0]['values'], env: Record<string, string> = {}) => uiSettings({ values, cwd: '/project', env });

describe('uiSettings', () => {
  it('defaults: loopback, the default port that may fall back, no token (a random one is made), no fleet flags', () => {
    expect(settings({})).toEqual({ cwd: path.resolve('/project'), host: '127.0.0.1', port: DEFAULT_UI_PORT, fallBack: true, open: false });
  });

  it('takes the flags; a port given does not fall back; --token before CODEV_UI_TOKEN', () => {
    expect(settings({ port: '0', host: '::1', token: 'given-token-0123456789', open: true, redis: 'redis://h:1', queue: 'q', cwd: 'sub' }, { CODEV_UI_TOKEN: 'env-token-0123456789' })).toEqual({ cwd: path.resolve('/project/sub'), host: '::1', port: 0, fallBack: false, token: 'given-token-0123456789', open: true, redis: 'redis://h:1', queue: 'q' });
    expect(settings({}, { CODEV_UI_TOKEN: 'env-token-0123456789' }).token).toBe('env-token-0123456789');
  });

  it.each(['abc', '-1', '65536', '0x10', '1e3', ''])('--port %j is CLI_USAGE', async (port) => {
    expect(await rejectionCode((async () => settings({ port }))())).toBe('CLI_USAGE');
  });
});
