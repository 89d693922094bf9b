/** The one-line description of TaskStop. */
export const TASK_STOP_DESCRIPTION = 'Stop a running background task';

/** The text the model reads for TaskStop. */
export const TASK_STOP_PROMPT = `Stops a running background task (a Bash command started with run_in_background) and everything it started.

- \`task_id\`: the id Bash returned. (\`shell_id\` is accepted as a deprecated name for it.)
- It returns once everything the task started is gone, daemons that left its process group included; if some process could not be killed, it fails and names them.
- Its output file stays; read it with TaskOutput or Read.`;
