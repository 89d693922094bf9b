import type { CheckpointInfo } from '../../../agent/rewind/types.ts';
import { oneLine } from '../../../transcripts/message-text.ts';
import { formatLocalTime } from '../../render/format-local-time.ts';
import { formatTable } from '../../render/format-table.ts';
import { formatFileChanges, summarizeFileChanges } from './format-file-changes.ts';

const PROMPT = 48;
/** Files named under a turn; the others are counted. */
const FILES_PER_TURN = 8;

/** `codev rewind --list`: a row per checkpoint (turn, time, the prompt it answered, what it changed), its files under it. */
export function formatCheckpointList(options: { sessionId: string; checkpoints: readonly CheckpointInfo[]; cwd: string; forkedFrom?: string }): string {
  const { sessionId, checkpoints, cwd, forkedFrom } = options;
  if (checkpoints.length === 0) {
    const fork = forkedFrom === undefined ? '' : ` It was forked from ${forkedFrom}, whose turns are there: codev rewind ${forkedFrom} --list`;
    return `Session ${sessionId} has no checkpoint yet: one is recorded before each turn's tool calls (agents with a project and a saved session).${fork}\n`;
  }
  const rows = checkpoints.map((checkpoint) => [String(checkpoint.turn), formatLocalTime(checkpoint.createdAt), checkpoint.prompt === undefined ? '(tool results)' : oneLine(checkpoint.prompt, PROMPT), checkpoint.lost ? 'files no longer stored' : summarizeFileChanges(checkpoint.files)]);
  const [header, ...lines] = formatTable(['TURN', 'TIME', 'PROMPT', 'CHANGED'], rows);
  const body = lines.flatMap((line, index) => [line, ...formatFileChanges({ changes: checkpoints[index]!.files, cwd, indent: '      ', max: FILES_PER_TURN })]);
  return `session ${sessionId}\n${[header, ...body].join('\n')}\n(what each turn changed, from before its tool calls to the next checkpoint; codev rewind --to TURN goes back to before it)\n`;
}
