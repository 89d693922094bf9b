/** The one-line description of Bash. */
export const BASH_DESCRIPTION = 'Run a shell command in a fresh bash process (sandboxed when bubblewrap is available)';

/** The text the model reads for Bash. */
export const BASH_PROMPT = `Executes a bash command in a new process and returns its output.

- Each call is a separate \`bash -c\` in the session's working directory: \`cd\` and variables do not carry over to the next call.
- \`timeout\` is in milliseconds: default 120000 (2 minutes), at most 600000 (10 minutes); larger values are lowered. At the timeout the command and everything it started are killed.
- Output longer than 30000 characters is cut (the start and end of stdout, the end of stderr); the full output is saved to a file whose path and size in bytes are in the result (read it with Read offset/limit, or Grep). Large output is written to that file as it arrives, so commands printing hundreds of MB are fine, but the file is capped at 1 GiB (\`CODEV_BASH_MAX_OUTPUT_BYTES\`): past it the rest is dropped and the command is killed. Prefer filtering noisy output (\`| tail\`, \`| grep\`) anyway.
- \`run_in_background: true\` starts the command and returns at once with a task id and an output file. Check it with TaskOutput, stop it with TaskStop. Do not use \`&\` for long-running commands; use run_in_background.
- Commands run in a sandbox when bubblewrap is available: the filesystem is read-only except the working directories and $TMPDIR (/tmp itself is read-only), there is no network, and .git/config, .git/hooks, .codev and config files cannot be changed. If a command fails because of the sandbox, say so; only then retry with \`dangerouslyDisableSandbox: true\`, which needs the user's approval.
- Prefer the dedicated tools for reading (Read), searching (Grep, Glob) and editing (Edit) files.
- Quote paths with spaces. Chain dependent commands with \`&&\`.
- Give a short \`description\` of what the command does (5–10 words).`;
