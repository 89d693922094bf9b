import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startBackgroundShellTask } from './start-background-shell-task.ts';
import { takeTaskNotifications } from './take-task-notifications.ts';

describe('takeTaskNotifications', () => {
  it("gives each ended task once, to the agent that started it, with the exit code of a failed command", async () => {
    const sessionDirectory = mkdtempSync(path.join(os.tmpdir(), 'codev-notify-'));
    const start = (command: string, owner?: string) => startBackgroundShellTask({ command, description: command, cwd: sessionDirectory, sessionDirectory, isolation: { sandbox: false }, owner });
    const mine = start('true');
    const failing = start('exit 3');
    const theirs = start('true', 'sub1');
    const running = start('sleep 30');
    try {
      await Promise.all([mine, failing, theirs].map((task) => task.wait({ timeoutMs: 10_000 })));
      const main = takeTaskNotifications({ sessionDirectory, owner: 'main' });
      expect(main.map((notification) => [notification.taskId, notification.status, notification.exitCode])).toEqual([[mine.id, 'completed', 0], [failing.id, 'failed', 3]]);
      expect(main[1]!.text).toContain('<summary>Background command "exit 3" failed with exit code 3</summary>');
      expect(main[0]!.text).toContain('<task-type>local_bash</task-type>');
      expect(takeTaskNotifications({ sessionDirectory, owner: 'main' })).toEqual([]);
      expect(takeTaskNotifications({ sessionDirectory, owner: 'sub1' }).map((notification) => notification.taskId)).toEqual([theirs.id]);
    } finally {
      await running.stop();
    }
  });
});
