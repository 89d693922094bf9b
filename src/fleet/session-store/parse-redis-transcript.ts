import { parseTranscript } from '../../transcripts/parse-transcript.ts';
import type { LoadedTranscript, MessageEntry, TranscriptProblem } from '../../transcripts/types.ts';

/**
 * A session's list read as the file store reads a file (`parseTranscript`: one line per item), and what a
 * list written before appends were idempotent may hold reported, never hidden: a line that repeats an
 * earlier one (a write a client sent again after its reply was lost) is skipped as `duplicate`, and a
 * message whose parent is not the message before it is kept and reported as a `gap` (lines were lost: Redis
 * restarted without its latest writes and the writer went on). Problems come in line order.
 */
export function parseRedisTranscript(lines: readonly string[], options: { file: string }): LoadedTranscript {
  const firstSeen = new Map<string, number>();
  const duplicates: TranscriptProblem[] = [];
  // Each entry has its own uuid or timestamp, so two equal lines are one entry written twice.
  const kept = lines.map((line, index) => {
    const first = firstSeen.get(line);
    if (first === undefined || line.trim() === '') {
      firstSeen.set(line, index);
      return line;
    }
    duplicates.push({ line: index + 1, kind: 'duplicate', message: `the same entry as line ${first + 1}, written twice (a write sent again after its reply was lost)` });
    return '';
  });
  const loaded = parseTranscript(kept.map((line) => `${line}\n`).join(''), options);
  const problems = [...loaded.problems, ...duplicates];
  problems.push(...gapsIn({ messages: loaded.messages, lines: kept, problems }));
  return { ...loaded, problems: problems.sort((left, right) => left.line - right.line) };
}

/** The messages whose parent is not the message before them, unless a skipped line between explains it. */
function gapsIn(options: { messages: readonly MessageEntry[]; lines: readonly string[]; problems: readonly TranscriptProblem[] }): TranscriptProblem[] {
  const { messages, lines, problems } = options;
  // 1-based; 0 for a message no line holds (one a compaction wrote). Searched only for a broken link: rare.
  const lineOf = (uuid: string) => lines.findIndex((line) => line.includes(`"uuid":${JSON.stringify(uuid)}`)) + 1;
  const gaps: TranscriptProblem[] = [];
  for (let index = 1; index < messages.length; index++) {
    const { uuid, parentUuid } = messages[index]!;
    const before = messages[index - 1]!.uuid;
    if (parentUuid === undefined || parentUuid === before) continue;
    const line = lineOf(uuid);
    const after = lineOf(before);
    if (problems.some((problem) => problem.line > after && problem.line < line)) continue;
    gaps.push({ line, kind: 'gap', message: `message ${uuid} follows message ${parentUuid}, which is not in the transcript: the messages between them were lost (Redis restarted without its latest writes), and the conversation goes on from message ${before}` });
  }
  return gaps;
}
