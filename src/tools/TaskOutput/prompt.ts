/** The one-line description of TaskOutput. */
export const TASK_OUTPUT_DESCRIPTION = 'Read the output and status of a background task';

/** The text the model reads for TaskOutput. */
export const TASK_OUTPUT_PROMPT = `Retrieves the output of a background task (a command started with Bash run_in_background).

- \`task_id\`: the id Bash returned.
- \`block\` (default true): wait for the task to finish, up to \`timeout\` ms (default 30000, at most 600000). With \`block: false\` the current output is returned at once.
- The result has a <retrieval_status> (success, timeout or not_ready), the task's status, its exit code once finished, and the output (long output is cut to its end; the output file has all of it).`;
