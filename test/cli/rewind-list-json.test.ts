import { afterAll, describe, expect, it } from 'vitest';
import type { TempProject } from '../../src/plugins/test-fixtures/create-temp-project.ts';
import { createFakeMessagesServer, type FakeMessagesServer } from '../../src/testing/index.ts';
import { codevIn, createRewindProject, rewindModel, sessionIn } from './test-fixtures/rewind-project.ts';

// codev rewind --list --json says what the text listing says: of a fork, the session it was forked from.

const opened: { project: TempProject; server: FakeMessagesServer }[] = [];
afterAll(async () => {
  for (const { project, server } of opened) {
    await server.close();
    await project.cleanup();
  }
});

describe('codev rewind --list --json', () => {
  it("of a fork names the session it was forked from (forkedFrom), with or without checkpoints of its own; of an original, none", { timeout: 120_000 }, async () => {
    const project = await createRewindProject();
    const server = await createFakeMessagesServer({ script: rewindModel(project.root) });
    opened.push({ project, server });
    const codev = codevIn(project.root, server.url);
    const run = await codev(['run', 'agent.ts', 'write hello', '--permission-mode', 'bypassPermissions']);
    expect({ code: run.code, stderr: run.stderr }).toMatchObject({ code: 0 });
    const original = sessionIn(run.stderr)!;
    const list = async (session: string) => {
      const listed = await codev(['rewind', session, '--list', '--json']);
      expect({ code: listed.code, stderr: listed.stderr }).toEqual({ code: 0, stderr: '' });
      return JSON.parse(listed.stdout) as { sessionId: string; forkedFrom?: string; checkpoints: { turn: number }[] };
    };
    expect(await list(original)).not.toHaveProperty('forkedFrom');

    // Forked before turn 1: no checkpoint of its own. Forked before turn 2: turn 1's checkpoint kept.
    for (const [to, turns] of [['1', []], ['2', [1]]] as const) {
      const rewound = await codev(['rewind', original, '--to', to, '--conversation-only', '--json']);
      expect({ code: rewound.code, stderr: rewound.stderr }).toEqual({ code: 0, stderr: '' });
      const fork = (JSON.parse(rewound.stdout) as { sessionId: string }).sessionId;
      expect(fork).not.toBe(original);
      const listed = await list(fork);
      expect({ sessionId: listed.sessionId, forkedFrom: listed.forkedFrom, turns: listed.checkpoints.map((checkpoint) => checkpoint.turn) }).toEqual({ sessionId: fork, forkedFrom: original, turns });
    }
  });
});
