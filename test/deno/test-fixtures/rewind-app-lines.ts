/** Test-only: what test-fixtures/rewind-app.mjs prints, line by line, on every runtime that runs it right. */
export const REWIND_APP_LINES: readonly Record<string, unknown>[] = [
  { type: 'tool-result', status: 'ok' },
  { type: 'tool-result', status: 'ok' },
  { checkpoints: [{ turn: 1, files: ['added:new.txt'] }, { turn: 2, files: ['modified:kept.txt', 'type-changed:link.txt', 'mode-changed:new.txt'] }, { turn: 3, files: [] }] },
  { rewound: true, prompt: 'Write a file' },
  { newTxt: false, kept: 'before\n', linkIsLink: true, target: 'not to be written\n' },
  { undone: true, newTxt: 'made by the agent\n', exec: true, kept: 'changed\n', linkIsLink: false, target: 'not to be written\n' },
];
