/** The help texts of the CLI, one per command. */

export const MAIN_HELP = `codev — script AI agents with a serious tool system

Usage: codev <command> [options]      (codev <command> --help: its options and examples)

Commands:
  run <script> [prompt] Run an agent script (export default defineAgent({...})) against this project
  tools                 List the tool pool: built-ins, plugin tools and MCP tools
  models                List the provider's models: ids, context windows, prices and capabilities
  tool <Name> [json]    Run one tool call through the full lifecycle (no model needed)
  init [dir]            Create a project: config, agent script, plugins and a passing test
  fake-model [-- cmd]   Serve an offline fake model (no key, no network) for codev run; or run cmd against it
  sessions              List the saved sessions of this project; show or remove one, prune old ones
  rewind [session]      List a session's checkpoints, or put the files and the conversation back to a turn
  queue <command>       Agent jobs on a fleet (Redis): add, watch, status, cancel, approve, deny, clean
  worker                Take jobs from the fleet's queue and run them, until stopped
  rules <command>       How the permission rules decide a call (explain), a table of expected decisions (test)
  mcp serve             Serve the project's tools, with its rules, hooks and sandbox, to another agent over MCP
  ui                    Look at the sessions, the fleet and the tool pool in a browser (a local page)
  instructions          List the instruction files (CODEV.md, AGENTS.md, CLAUDE.md) agents read, in order

Every command takes --cwd DIR (run as if started in DIR), --verbose (the whole stack of an error in your
code; also CODEV_DEBUG=1) and -h/--help; -v/--version prints codev's version. NO_COLOR=1: no colors.

Examples:
  codev run agent.ts "why does the build fail?"
  codev tools
  codev tool Bash '{"command":"npm test"}' --allow 'Bash(npm test)'
  codev fake-model -- codev run agent.ts    # try it offline: no key, no network

Exit codes: 0 success, 1 failure (or a tool error), 2 bad usage.
`;

export const TOOLS_HELP = `Usage: codev tools [--json] [--cwd DIR]

Lists the assembled tool pool in the order the model sees it: built-ins sorted by name, then plugin and
MCP tools sorted by name. Plugins that failed to load are reported on stderr (file, line, message).
Exit codes: 0 everything loaded, 1 something failed to load (the pool is still printed), 2 bad usage.

Options:
  --json        Print an array of { name, source, aliases, flags } objects
  --cwd DIR     The project directory

Examples:
  codev tools
  codev tools --json --cwd ../app
`;

export const MODELS_HELP = `Usage: codev models [--provider P] [--region R] [--json] [--cwd DIR]

Lists the models codev knows on a provider, as codev run would reach them: codev's id and the provider's,
the context window, the largest max_tokens, the prices codev counts costs with (USD per million tokens:
input, output, cache write, cache read; the config's prices win) and the features codev drops for a model
(LACKS). The default model is marked with *. It reads the config and the environment only: no provider
SDK is loaded and no request is made, so it works offline and without credentials.

The provider, region and default model come from --provider/--region, then the environment, then the
config's model (an id, or { provider, id, region, models, capabilities, ... }), then the defaults (anthropic,
claude-sonnet-4-6), as for codev run. Add or change models with the config's model.models, prices with its
prices.

Options:
  --provider P  anthropic (also any Anthropic-compatible server), bedrock, vertex or foundry
  --region R    Bedrock's AWS region or Vertex's region (a regional endpoint's prices include its premium)
  --json        Print { provider, region, defaultModel, models: [{ id, providerId, displayName,
                contextWindow, maxOutputTokens, price, capabilities, default }] } (null: unknown)
  --cwd DIR     The project directory (its config)

Environment:
  all           CODEV_PROVIDER, CODEV_MODEL
  anthropic     ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL (a compatible server)
  bedrock       AWS_REGION or AWS_DEFAULT_REGION (default us-east-1); AWS credentials (AWS_ACCESS_KEY_ID,
                AWS_PROFILE, ...) or AWS_BEARER_TOKEN_BEDROCK; ANTHROPIC_BEDROCK_BASE_URL
  vertex        CLOUD_ML_REGION (default global), ANTHROPIC_VERTEX_PROJECT_ID or GOOGLE_CLOUD_PROJECT,
                GOOGLE_APPLICATION_CREDENTIALS (or gcloud's), ANTHROPIC_VERTEX_BASE_URL
  foundry       ANTHROPIC_FOUNDRY_API_KEY, ANTHROPIC_FOUNDRY_RESOURCE, ANTHROPIC_FOUNDRY_BASE_URL

Examples:
  codev models
  codev models --provider bedrock --region eu-west-1
  codev models --provider vertex --json
  CODEV_PROVIDER=foundry codev models

Exit codes: 0 listed, 1 the config failed to load, 2 bad usage (an unknown provider or option).
`;

export const TOOL_HELP = `Usage: codev tool <Name> [json-input] [options]

Runs one call of <Name> through the whole lifecycle: lookup, validation, PreToolUse hooks, permissions,
call, result mapping, PostToolUse hooks. Nothing is interactive: a call that would ask for permission is
denied, with the rule to add.

Arguments:
  Name              The tool name (aliases and legacy names work)
  json-input        The input as a JSON object; default {}. Use - to read it from stdin.

Options:
  --permission-mode M   default | acceptEdits | bypassPermissions | plan | auto | dontAsk
  --allow RULE          Add an allow rule (repeatable), e.g. --allow 'Bash(npm test)'
  --deny RULE           Add a deny rule (repeatable)
  --ask RULE            Add an ask rule (repeatable)
  --json                Print { "is_error", "error_code"?, "content", "decision": { "behavior", "source", "rule"? } }
                        (error_code: a stable code such as TOOL_NOT_FOUND, INPUT_INVALID, TOOL_FAILED)
  --cwd DIR             The project directory

Examples:
  codev tool Glob '{"pattern":"src/**/*.ts"}'
  codev tool Bash '{"command":"git status"}' --json
  codev tool Bash '{"command":"npm test"}' --allow 'Bash(npm test)'
  codev tool Write "{\\"file_path\\":\\"$PWD/notes.md\\",\\"content\\":\\"# Notes\\"}" --permission-mode acceptEdits
  echo '{"pattern":"TODO","output_mode":"content"}' | codev tool Grep -

Ctrl-C or SIGTERM cancels the call (its commands stopped) and exits 130 or 143.
Exit codes: 0 the result is not an error, 1 it is, 2 bad usage (also a tool name no tool has, or an input its schema
refuses), 130 or 143 cancelled by a signal.
`;

export const RUN_HELP = `Usage: codev run <script.ts> [prompt...] [@file...] [options]

Loads the project of the script (codev.config.ts, plugins/), then runs it. A script that default-exports
defineAgent({...}) runs as an agent on the prompt (or its own \`prompt\`); any other script simply runs.
An @file argument attaches that file where it stands in the prompt (from the current directory): an image
(PNG, JPEG, GIF, WebP; resized past 2000 px or 3.75 MB), a PDF or a text document (20 MB at most), told
apart by its bytes; @@word is the text @word. E.g. codev run agent.ts "what is wrong here" @shot.png @spec.pdf
An @file obeys the project's Read rules and stays in the project (its real path, links followed): a file a
Read deny or ask rule covers, a hard link to one, or a file outside the project ends the run with
ATTACHMENT_REFUSED before any request (see --attach-outside and --allow-attachment).
Text, tool calls, progress and results stream to the terminal. On a terminal, permission asks are
prompted (yes once / always / no with feedback); without one, an ask is denied with the rule to add.
On a terminal, the model's multiple-choice questions (AskUserQuestion) are asked too (a number, several
for multi-select, or your own words; empty skips); without one, the tool is not offered. The model's task
list (TodoWrite) is shown as a checklist each time it changes.
The model is reached with ANTHROPIC_API_KEY, at ANTHROPIC_BASE_URL when set, or through Amazon Bedrock,
Google Vertex AI or Microsoft Foundry with --provider (their settings: codev models --help). A failed
request is retried (CODEV_MAX_RETRIES, default 2; a wait over CODEV_MAX_RETRY_WAIT_MS, default 60000,
ends the run instead); a request that receives nothing for CODEV_STREAM_IDLE_TIMEOUT_MS (default 90000)
is abandoned and retried.
The run is traced with OpenTelemetry (invoke_agent, chat and execute_tool spans) when an OpenTelemetry
SDK is loaded, e.g. NODE_OPTIONS='--import @opentelemetry/auto-instrumentations-node/register'.

Options:
  --permission-mode M        default | acceptEdits | bypassPermissions | plan | auto | dontAsk
  --model ID                 The model id, codev's or the provider's (default: the script's, CODEV_MODEL, the
                             config's, then claude-sonnet-4-6; codev models lists them)
  --provider NAME            anthropic, bedrock, vertex or foundry (default: the script's, CODEV_PROVIDER, the
                             config's, then anthropic); the provider's settings come from its variables
  --max-turns N              Stop after N model turns
  --max-budget-usd USD       Stop before a request that would make the run cost more (subagents included)
  --max-query-tokens N       Stop before a request that would make the run use more tokens
  --thinking N|adaptive      Extended thinking: a budget of N tokens (1024 or more, under the script's maxTokens),
                             adaptive (the model decides), or disabled; shown dimmed in text mode
  --effort LEVEL             low | medium | high | xhigh | max: how much effort the model puts in
  --max-tokens N             The most tokens a reply may have, thinking included (default: the script's maxTokens, then 8192)
  --fallback-model ID        When the model is overloaded or failing (529, 5xx) after its retries, the turn is
                             made on ID instead (repeatable, or a comma list, tried in order)
  --include-thinking         With stream-json: also print thinking-delta and thinking events
  --output-format FORMAT     text (default) or stream-json: one JSON event per line
  --json-schema FILE         The final answer as JSON matching this JSON Schema (type "object"): the model answers
                             through a StructuredOutput tool, is shown what does not match and tries again (the
                             script's outputRetries, default 2); text mode prints only the JSON on stdout (the
                             rest on stderr), stream-json puts it on the end event as "output"
  --watch                    Reload plugins and config while the agent runs (a part that failed to load is reported
                             and the run goes on: a fix reloads it)
  --allow-broken-plugins     Run even when a plugin, the config, the settings or an MCP server failed to load (without
                             them, every call they could allow asks); else the run stops before its first request
  -r, --resume ID            Go on with a saved session, by its id or a unique prefix (codev sessions lists them)
  -c, --continue             Go on with the latest session of this project
  --fork-session             With --resume or --continue: go on in a new session, leaving the original as it was
  --resume-at UUID           With --resume: go on from that message, in a new session (codev sessions show ID)
  --rewind-to TURN|UUID      With --resume or --continue: first put the files back as they were before that turn's
                             tool calls and go on in a new session forked before its reply (codev rewind --list
                             shows the turns); without a prompt, the prompt that turn answered is sent again
  --force, --keep-changed    With --rewind-to: overwrite, or keep, the files changed since the agent left them
                             (else the run stops with REWIND_CONFLICT naming them, exit 1)
  --no-session-persistence   Keep nothing on disk (every run is saved in .codev/sessions/ otherwise)
  --defer-asks               Without a terminal, an ask ends the run (exit 3) with the call saved, instead of a denial
  --approve ID, --deny ID    With --resume: answer the calls that wait for approval (repeatable), and go on
  --cwd DIR                  The project directory (default: the script's folder)
  --attach-outside           Let @file attach files outside the project (Read rules still apply)
  --allow-attachment PATH    Attach this file even if a Read rule refuses it or it is outside (repeatable)

Examples:
  codev run agent.ts
  codev run agent.ts "why does the build fail?" @build.log
  codev run agent.ts "fix the failing test" --permission-mode acceptEdits --max-turns 20
  codev run agent.ts "list the TODOs" --output-format stream-json | jq -c 'select(.type == "tool-call")'
  codev run review.ts --json-schema verdict.schema.json --model claude-opus-4-6
  codev run agent.ts --continue "now add a test for it"
  codev run agent.ts --resume 6f1c --rewind-to 2 --force "do it again, keeping src/"

Ctrl-C (SIGINT) or SIGTERM (docker stop, a service manager) interrupts the running tools and ends the turn
cleanly: every open call answered, the session saved and unlocked (go on with --resume); a second signal quits at once.
At the end, a summary line on stderr: turns, tokens and the cost in US dollars (from codev's price table
or the config's prices; "cost unknown" for a model with no price).
Exit codes: 0 the agent finished (also at --max-turns, a budget, max_tokens or a refusal), 1 an error, the script
failed (SCRIPT_FAILED), part of the project failed to load (PLUGIN_LOAD_FAILED), a prompt a hook blocked or an
answer that never matched --json-schema (OUTPUT_INVALID), 2 bad usage, 3 calls wait for approval (--defer-asks), 130 interrupted (Ctrl-C), 143 stopped
by SIGTERM, 141 stdout closed early (e.g. | head -1).
`;

export const INIT_HELP = `Usage: codev init [dir] [--template NAME] [--codev SPEC] [--force]

Creates a working project in dir (default: the current folder; created if missing): package.json,
tsconfig.json, codev.config.ts, agent.ts, plugins/ (a tool, a hook and a rule), a vitest test, .gitignore
and README.md. In a folder that has some of them (a package.json of your own, a README.md…) it adds what
is missing: the files that do not exist yet, and the dependencies and scripts your package.json lacks, after
your own entries, keeping your values, key order and indentation. Your files are never overwritten
(--force replaces them, each kept first as <file>.bak); what was kept is listed.

The project's codev dependency comes from wherever the running codev came from: a checkout or a tarball
(npm i ./codev-0.1.0.tgz, npx ./codev-0.1.0.tgz) is linked with file: (a relative path when it is near, else
an absolute one), a registry install is ^<version>. The output says which and why; change it in
package.json or with --codev.

Arguments:
  dir                   The project folder, relative to --cwd

Options:
  -t, --template NAME   The template to use (a folder of codev's templates/); default "default"
  --codev SPEC          The codev dependency to write: any npm spec (^0.1.0, file:../codev-0.1.0.tgz, a git
                        URL), as given; a local path is read from here and written as the project reads it
  -f, --force           Replace your files that the template also has, each kept as <file>.bak first
                        (package.json is always merged, never replaced)
  --cwd DIR             Resolve dir against DIR instead of the current folder

Then:
  cd dir && npm install && npm test

Examples:
  codev init my-agent
  codev init --codev file:../codev-0.1.0.tgz
  codev init . --force

Exit codes: 0 created (or nothing missing), 1 a write failed (nothing is left written) or package.json is not
valid JSON (PACKAGE_JSON_INVALID), 2 bad usage (e.g. an unknown template).
`;

export const SESSIONS_HELP = `Usage: codev sessions [--all] [--json] [--cwd DIR]
       codev sessions show ID [--json]
       codev sessions rm ID
       codev sessions prune [--older-than AGE] [--keep N] [--yes] [--json]
       codev sessions unlock ID [--force]

Every \`codev run\` (and every agent with a project) keeps its conversation in .codev/sessions/<id>.jsonl,
each message appended as it is made. Go on with one with \`codev run agent.ts --resume ID\` (or --continue
for the latest). An ID may be given by a unique prefix of 4 characters or more (as git takes commits).

  (no subcommand)   List the sessions, the most recent first: id, start, turns, tokens, last prompt
                    (--all: the subagents' sessions too; they are also named under show of their parent).
                    Files in .codev/sessions/ that are not sessions are named on stderr and left out.
  show ID           Print a session's messages with their uuids (for --resume-at), tool calls and results shortened
  rm ID             Remove a session (refused while an agent has it open)
  prune             Remove old sessions, with their tool results and their subagents' sessions: those last
                    written more than --older-than AGE ago (12h, 30d, 8w), except the --keep N most recent
                    (either rule alone, or both; without either, the config's sessions.retention). Without
                    --yes it only lists what it would remove; a session an agent has open is never removed.
  unlock ID         Take over a session's lock now, when its holder is gone but codev cannot tell (a
                    container restarted under a new hostname, another host): such a lock otherwise
                    expires 60 s after its holder's last heartbeat. A live process of this host keeps
                    its lock unless --force (it then fails its next write)

Options:
  --json            Print the list (the session, what prune removed) as JSON
  --force           unlock: take the lock even from a live process of this host
  --cwd DIR         The project directory

Examples:
  codev sessions
  codev sessions show 6f1c --json
  codev run agent.ts --resume 6f1c "go on"
  codev sessions prune --older-than 30d --keep 20 --yes
  codev sessions unlock 6f1c

Exit codes: 0 success, 1 no such session (the recent ones are named), an ambiguous prefix (the candidates
are named), the session is in use, or prune could not remove one; 2 bad usage.
`;

export const REWIND_HELP = `Usage: codev rewind [SESSION] --list [--json]
       codev rewind [SESSION] --to TURN|UUID [--files-only | --conversation-only] [--dry-run]
                    [--force | --keep-changed] [--json]
       codev rewind [SESSION] --undo [--dry-run] [--force | --keep-changed] [--json]

Before each turn's tool calls run, an agent with a project and a saved session records its working
directories in .codev/checkpoints/ (a git store of its own, never your repository): what Edit and Write
changed, and what Bash, background tasks and subagents created, changed, renamed or deleted. Ignored files
are left out; files over 5 MiB are recorded by hash and size only (put back only if that content is still
there). Nothing outside the working directories, and no effect outside the files (a push, a request), is
undone. SESSION is an id, a unique prefix of one, or a transcript file; without it, the latest session.

  -l, --list        The checkpoints: turn, time, the prompt the turn answered (or "(tool results)"), and
                    what the turn changed, file by file with the lines added and deleted
  --to TURN|UUID    Go back to before that turn's tool calls (a turn of --list, or the uuid of the message it
                    answered or of its reply, as codev sessions show prints them): first a preview of the
                    files it changes, then the files are put back (each replaced whole) and the conversation
                    goes on in a new session forked before that turn's reply (the original is kept). When the
                    turn answered a prompt, the prompt is left out of the new session and printed, to send again
  --undo            Undo the session's last rewind: the files go back as they were before it (your edits a
                    --force overwrote included); the conversation is not touched. Files changed since the
                    rewind are conflicts, as above. An undo is a rewind too: --undo again undoes it. After a
                    rewind of the conversation, the latest session (the fork) is the one to undo it in

Options:
  --files-only            Put the files back, leave the conversation as it is
  --conversation-only     Fork the conversation, leave the files as they are
  --dry-run               Print the preview and the unified diff of what would change; change nothing
  -f, --force             Overwrite the files someone changed since the agent left them (else REWIND_CONFLICT)
  --keep-changed          Keep the files someone changed since the agent left them; put back the rest
  --json                  --list: { sessionId, forkedFrom?, checkpoints }; --to, --undo: the rewind's result
                          as one JSON object
  --cwd DIR               The project directory

A file that differs from what the agent left (you edited it since) is never overwritten silently: on a
terminal you are asked, file by file, to overwrite it, keep it or stop; off one (or with --json) the rewind
stops with REWIND_CONFLICT naming them; --force or --keep-changed decides for all. Ctrl-C before the restore
stops with nothing changed, during it lets it finish; a second Ctrl-C (or a kill) leaves it for the next
codev rewind to finish, so the files end as they were or as the checkpoint had them. The project's
PreRewind and PostRewind hooks run around it (codev.config.ts, plugins/), as around agent.rewind().

Examples:
  codev rewind --list
  codev rewind 6f1c --to 3 --dry-run
  codev rewind --to 3
  codev rewind --to 3 --files-only --keep-changed
  codev rewind 6f1c --to 2 --conversation-only --json
  codev rewind --undo --dry-run
  codev rewind --undo
  codev run agent.ts --resume 6f1c --rewind-to 3 "try again, without deleting src/"

Exit codes: 0 done (or listed, or a dry run), 1 no such session or checkpoint, a conflict (REWIND_CONFLICT), a
PreRewind hook refused (REWIND_BLOCKED), the restore failed; 2 bad usage; 130 or 143 interrupted (nothing
changed, or the restore finished first).
`;

export const INSTRUCTIONS_HELP = `Usage: codev instructions [--json] [--cwd DIR]

Lists the instruction files an agent of this project adds to its system prompt, in the order they are
sent, with their sizes: ~/.codev/CODEV.md, AGENTS.md and CLAUDE.md, then the same three in the project
root. Every file that exists is used (a file reached twice, e.g. CLAUDE.md linked to AGENTS.md, once),
each followed by the files it includes with @path (relative to the including file; inside the project
root or ~/.codev; at most 5 levels deep). Turn sources off with the config's
\`instructions: { sources: { codev, agents, claude, user, project } }\`, or all with \`instructions: false\`.
A file that is skipped (larger than 64 KiB, unreadable, or an include that is missing, outside or too deep)
is named on stderr with why; so is one the config's Read deny or ask rules refuse (also through a link or a
hard link) or that links out of the project (INSTRUCTIONS_REFUSED).

Options:
  --json        Print { enabled, files: [{ path, scope, bytes, includedFrom? }], warnings: [{ code, path, reason }] }
  --cwd DIR     The project directory

Examples:
  codev instructions
  codev instructions --json --cwd ../app

Exit codes: 0 success, 1 a file was skipped (the others are still listed), 2 bad usage.
`;

export const QUEUE_HELP = `Usage: codev queue add <agent.ts> (--prompt TEXT | --prompts tasks.jsonl) [options]
       codev queue watch [JOB_ID...]
       codev queue status [JOB_ID...] [--json] [--limit N]
       codev queue cancel JOB_ID...
       codev queue approve JOB_ID TOOL_USE_ID...
       codev queue deny JOB_ID TOOL_USE_ID... [--message TEXT]
       codev queue clean [--older-than DURATION] [--dry-run] [--workspace-root DIR]
       codev queue rewind JOB_ID --to N [--prompt TEXT]

Agent jobs on a fleet: a BullMQ queue in Redis that \`codev worker\` processes (on this machine or any other)
take jobs from. Needs the optional packages bullmq and ioredis (npm i bullmq ioredis).

  add       Submit one job (--prompt) or one job per line of a JSON Lines file (--prompts): each line a JSON
            string or {"prompt": "..."}, blank lines skipped; a bad line submits nothing. Prints the job ids,
            one per line, on stdout (e.g. codev queue add agent.ts --prompts tasks.jsonl | xargs codev queue watch).
            Every worker needs the script at the same absolute path. Jobs run in dontAsk mode unless told
            otherwise: a call no rule allows is denied (with --defer-asks it parks the job until answered).
  watch     Follow jobs (by default every job unfinished when the watch starts, however many; jobs submitted
            later are not followed) until each ends or parks, all over one Redis connection. On a terminal, a table
            redrawn in place (job, state, turn, cost, elapsed, last tool or text; parked jobs with the calls
            they wait on and the approve command); otherwise one {"jobId", "event"} JSON object per line, every
            event. Ctrl-C stops watching, not the jobs.
  status    Jobs per state and a table of jobs (id, state, turn, attempts, cost, prompt, error); --json prints
            { counts, jobs } as is.
  cancel    Cancel jobs: a waiting one at once, a running one through its worker (its transcript kept).
  approve   Allow calls a parked job waits on; deny refuses them (--message tells the model why). Once every
            call it waits on is answered, the job goes on, on any worker.
  clean     Remove ended jobs (completed, failed, cancelled) that ended more than --older-than ago (default the
            config's fleet.retention, else 7d; s, m, h or d; 0 for all): their sessions, hidden refs refs/codev/jobs/<id>/* in their repositories
            (the result branch codev/jobs/<id> is kept), events, state and queue record, and with
            --workspace-root their checkouts on this machine; then old sessions no kept job names (of jobs
            BullMQ already dropped). A running, waiting or parked job is never touched. --dry-run says
            what would go. One line per job on stdout, progress on stderr; exit 1 when a part could not be
            removed (run it again). A completed job's hidden refs are removed by its worker as it ends.
  rewind    Start a new job at a job's checkpoint of turn N (a completed turn, as status counts them): its
            checkout as that turn left it, its conversation up to that turn, going on from there, with TEXT as
            a new user message when given. Prints the new job's id; status shows where it came from. The old
            job is left as it was. CHECKPOINT_NOT_FOUND names the turns there are (none once the job is cleaned).

Options of add:
  -p, --prompt TEXT          The prompt of one job
  --prompts FILE             A JSON Lines file of prompts, one job each
  --repo URL --ref REF       Run each job in a fresh clone of URL at REF (default: the remote's default branch);
                             the result is pushed to the branch codev/jobs/<id>. Without it a job runs in the
                             script's folder on the worker
  --allow RULE, --deny RULE, --ask RULE
                             Permission rules of the jobs (repeatable), e.g. --allow 'Bash(npm test)'; an invalid
                             rule refuses the submit (exit 1)
  --permission-mode M        default | acceptEdits | bypassPermissions | plan | auto | dontAsk (default dontAsk)
  --max-turns N              Stop a job after N model turns (over all its attempts)
  --max-budget-usd USD       Stop a job before it would cost more (over all its attempts)
  --model ID                 The model id (default: the script's)
  --provider NAME            anthropic, bedrock, vertex or foundry, with the workers' credentials for it
  --attempts N               Runs of a failing job in all, with backoff between (default 3)
  --defer-asks               A call that needs permission parks the job until codev queue approve/deny
  --allow-broken-plugins     Run the jobs even when part of the project (a plugin, the config, an MCP server) fails
                             to load on the worker; else such a job fails at once (PLUGIN_LOAD_FAILED)
  --max-prompt-bytes N       The largest prompt accepted, in bytes (default 1048576); a bigger one refuses the
                             submit (JOB_INVALID naming the prompt, its size and the limit)

Options of rewind:
  --to N                     The completed turn to start from
  -p, --prompt TEXT          A new user message to go on with (default: go on as the job was)
  --attempts N               Runs of the new job in all when it fails (default: the old job's)

Options of status, deny and clean:
  --json                     status: print { counts, jobs } as JSON
  --limit N                  status: list at most N jobs (default 50); the counts are of every job
  -m, --message TEXT         deny: why, told to the model
  --older-than DURATION      clean: remove jobs that ended longer ago than this (s, m, h or d; 0 for all)
  --dry-run                  clean: say what would go, remove nothing
  --workspace-root DIR       clean: also remove the checkouts of removed jobs under DIR on this machine

Options (every queue command):
  --redis URL                The Redis, redis://[user:password@]host:port[/db] (rediss:// for TLS)
  --queue NAME               The queue (default: the config's fleet.queue, else "codev")
  --cwd DIR                  Where the script, the prompts file and codev.config.ts are looked for

Environment:
  CODEV_REDIS_URL            The Redis when there is no --redis (before the config's fleet.redisUrl)

Examples:
  codev queue add agent.ts --prompt "fix the failing test" --allow 'Bash(npm test)' --allow Edit
  codev queue add agent.ts --prompts tasks.jsonl --repo git@github.com:acme/app.git --ref main | xargs codev queue watch
  codev queue watch
  codev queue status --limit 20
  codev queue approve 6f1c0d2e-... toolu_01ABC
  codev queue deny 6f1c0d2e-... toolu_01ABC --message "run the tests instead"
  codev queue clean --older-than 3d --dry-run
  codev queue rewind 6f1c0d2e-... --to 2 --prompt "keep the old API this time"

Redis: a command whose Redis is away, or leaves it unanswered (frozen), fails with FLEET_REDIS_UNREACHABLE
(the URL, password hidden) within about 10 s, a watch too; a wrong password or a user without rights is FLEET_REDIS_AUTH_FAILED at once. The
commands printed for you to run (approve, deny, watch) carry the --queue and --redis they need; a --redis URL
with a password is printed as --redis "$CODEV_REDIS_URL": export it as CODEV_REDIS_URL where you run them.

Exit codes: 0 success (watch: every job completed), 1 an error, an invalid job, an unknown job id (watch: a job
failed or was cancelled), 2 bad usage, 3 watch: a job waits for approval, 130 or 143 watch stopped by Ctrl-C or SIGTERM.
`;

export const WORKER_HELP = `Usage: codev worker [--concurrency N] [--rate R/s|R/min|R/h] [options]

Takes agent jobs from the fleet's queue (see codev queue --help) and runs them: each job's script is
loaded from its absolute path (the same on every machine), its agent runs on a session kept in Redis, and
every completed turn is a checkpoint another worker goes on from if this one dies. Run as many workers, on
as many machines, as you like. The model is reached with ANTHROPIC_API_KEY (at ANTHROPIC_BASE_URL when set),
or with --provider's settings (Bedrock, Vertex AI, Foundry: codev models --help): a worker without them refuses
to start (MODEL_NOT_CONFIGURED) rather than fail every job it takes.
A worker started before Redis waits for it, saying so on stderr at each retry; it never gives up, except
when Redis refuses it (FLEET_REDIS_AUTH_FAILED: a wrong password, or a user without rights), which it
does not retry: it exits with 1, also when the refusal comes while it runs (a rotated password). Once it takes jobs it prints "codev worker: ready ..." on stderr, then what it does (jobs
taken, ended, retried). A lost Redis is said once ("Redis at ... lost"), and once when it is back.

Stopping: the first Ctrl-C (SIGINT) takes no new jobs and stops once the running ones finish. SIGTERM (a
service manager, docker stop, kill) stops now: the running jobs' queries are stopped and the jobs go back
to the queue, to go on from their last checkpoint on another worker. A second signal of either quits at once
(the running jobs are then taken over by another worker once their locks expire). An idle worker stops on
the first signal even while Redis is away.

Options:
  -c, --concurrency N        Jobs run at once by this worker (default 1)
  --rate R/s|R/min|R/h       At most R job starts per second, minute or hour over the whole queue (every worker)
  --redis URL                The Redis, redis://[user:password@]host:port[/db] (rediss:// for TLS)
  --queue NAME               The queue (default: the config's fleet.queue, else "codev")
  --scripts DIR              Run only agent scripts inside DIR (repeatable; default: the current folder).
                             Whoever can write to the queue names the script: a job naming one elsewhere fails
  --workspace-root DIR       Where the checkouts of jobs with --repo go (default: a folder in the temp folder)
  --trust-workspace REPO     Load the project a job's checkout of REPO carries (repeatable; a URL or path as jobs
                             name it, or a glob: git@github.com:acme/*; also the config's fleet.trustedRepositories).
                             By default none: a checkout's codev.config.ts, plugins/, .mcp.json, .codev/, skills/
                             and CLAUDE.md are never run or read, and the job runs with its script's project
  --lock-duration MS         How long a running job's lock lasts without renewal (default 30000, at least 5000): a
                             job whose worker died is taken over after about this long
  --stalled-interval MS      How often locks are checked for dead workers (default 15000); shorten both for tests
  --max-stalled N            How many times a job may be taken over from a worker that stopped renewing its lock
                             (killed, paused, cut off from Redis) before it fails (default 3)
  --cwd DIR                  Where codev.config.ts is looked for (fleet.redisUrl, fleet.queue, fleet.trustedRepositories)
  --provider NAME            The jobs' default provider (as CODEV_PROVIDER): anthropic, bedrock, vertex or foundry;
                             its credentials from the worker's environment
  --model ID                 The jobs' default model (as CODEV_MODEL); a job's or its script's own wins
  --no-model-check           Start without a way to reach the model (ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL, the
                             provider's settings): every job script brings its own client or key

Environment:
  CODEV_REDIS_URL            The Redis when there is no --redis (before the config's fleet.redisUrl)
  ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL, CODEV_MODEL
                             What the jobs' agents reach the model with

Examples:
  codev worker --concurrency 4
  codev worker --redis redis://10.0.0.5:6379 --queue reviews --rate 30/min

Exit codes: 0 stopped cleanly, 1 an error (e.g. bullmq or ioredis not installed, MODEL_NOT_CONFIGURED,
FLEET_REDIS_AUTH_FAILED), 2 bad usage, 130 or 143 quit by a second signal.
`;

export const RULES_HELP = `Usage: codev rules explain <Tool> <input> [options]
       codev rules test <file.json> [--json] [--cwd DIR]

explain: shows how the project's rules (config, .codev/settings.local.json, plugins, and the --allow,
--deny and --ask given here) decide one call, with codev's own decision code and without running it: for
Bash each command found, what it reads and writes, whether it only reads, the rule that covers or matches
it; for file tools each path as written and as resolved (links followed), and why writing it is protected;
then the verdict, its reason and the decision (allow, ask or deny). No hook runs.

test: decides every case of a JSON table against the project's real rules (plugins loaded, no model, nothing
run) and prints each case whose decision differs from the expected one, with its explanation, then
"N passed, N failed". The file is an array (or { "cases": [...] }) of
  { "name"?: "...", "tool": "Bash", "input": "git status" | { ... }, "expect": "allow" | "ask" | "deny", "mode"?: "dontAsk" }
A bare string input is the command of Bash, the file_path of Read, Edit and Write, the url of WebFetch.
"ask" is what a person (or a PermissionRequest hook) would be asked; in dontAsk mode an ask is a deny.

Arguments:
  Tool                  The tool name (aliases and legacy names work)
  input                 The input as a JSON object, or the bare command, path or URL (see above)

Options:
  --permission-mode M   explain: default | acceptEdits | bypassPermissions | plan | auto | dontAsk
  --allow RULE          explain: add an allow rule (repeatable); also --deny RULE and --ask RULE
  --json                explain: the analysis as JSON; test: { passed, failed, results }
  --cwd DIR             The project directory

Exit codes: explain 0 (whatever the decision), test 0 all passed, 1 a case failed or a file is invalid,
2 bad usage.

Examples:
  codev rules explain Bash 'git status && cat .env'
  codev rules explain Read link/../secret.txt --deny 'Read(secret.txt)'
  codev rules explain Write src/app.ts --permission-mode acceptEdits --json
  codev rules test permissions.test.json
`;

export const FAKE_MODEL_HELP = `Usage: codev fake-model [--port N] [--script FILE | --replay SESSION] [-- command [args...]]

Serves a fake Anthropic Messages API on 127.0.0.1 (the server of codev/testing: the real wire format,
streaming included, and the API's request validation), to try codev with no key and no network. Without a
command it prints ANTHROPIC_BASE_URL=http://127.0.0.1:PORT and serves until Ctrl-C or SIGTERM (exit 0).
With one (after --) it runs the command (no shell) with ANTHROPIC_BASE_URL and ANTHROPIC_API_KEY=fake-key
set, passes Ctrl-C and SIGTERM on to it, and exits with its code; "codev" there is this codev.

The model (default: echo) answers each request:
  echo                  Quotes the prompt; calls a tool the prompt names ("Use the WordCount tool") with an
                        input built from the tool's schema and the prompt (path → a file name in the prompt,
                        field=value pairs); quotes the tool results it gets back, ending the turn
  --script FILE         Plays the replies of FILE in order: a JSON array or JSON Lines of FakeReply objects,
                        e.g. {"content":[{"type":"text","text":"Hi"}]} or {"error":{"status":529}}
  --replay SESSION      Plays back the model replies of a saved session (an id or a prefix, as codev sessions
                        lists them, or a transcript file); a run asking for more gets an api_error

Options:
  -p, --port N          The port to listen on; default 0, any free port
  --cwd DIR             Where to run the command and look up --script and --replay

Examples:
  codev fake-model
  codev fake-model -- codev run agent.ts
  codev fake-model -- codev run agent.ts "Use the WordCount tool on README.md"
  codev fake-model --script replies.jsonl -- npm test
  codev fake-model --replay 6f1c0d2e --port 8787

Exit codes: without a command 0 when stopped, 2 bad usage (a --script or --replay that cannot be used:
FAKE_SCRIPT_INVALID, SESSION_NOT_FOUND); with one the command's code (128+n when signal n ended it, 127 when it
cannot be found).
`;

export const MCP_HELP = `Usage: codev mcp serve [--transport stdio|http] [--host H] [--port N] [--token T | --no-token]
                       [--allow R]... [--deny R]... [--ask R]... [--permission-mode M] [--ask-fallback deny|allow]
                       [--tools A,B,...] [--cwd DIR]

Serves the project's tool pool (built-ins, plugins, the MCP servers it uses) to another agent over MCP
(Claude Code, Cursor, another codev): every call goes through codev's whole lifecycle with the project's
config, rules, hooks and sandbox. The pool is hot-reloaded: an edited plugin or config reaches the clients
at once (notifications/tools/list_changed). Each client has a session of its own (its background tasks,
its results folder), ended when it goes.
A call a rule asks about is asked of the client (an MCP elicitation: allow once, allow always, deny) when the
client supports it, an "allow always" saved as codev saves one (.codev/settings.local.json); else
--ask-fallback answers: deny (the default; the result names the --allow rule that would let it through) or allow.

stdio (the default): the client starts codev and speaks MCP on its stdin and stdout. stdout carries only the
protocol: what a plugin, a hook or a process they start prints there goes to stderr, with codev's own messages. The server stops
when the client closes stdin (exit 0).
http: Streamable HTTP at http://HOST:PORT/mcp, one session per client. Every request carries the header
"Authorization: Bearer <token>": the token is CODEV_MCP_TOKEN or --token; without either, on loopback, codev
makes a random one and prints it on stderr with the URL. A host other than loopback (127.0.0.1, ::1,
localhost) requires a token of yours; --no-token serves without one, on loopback only.

Options:
  --transport T          stdio (default) or http
  --host H               http: the address to listen on (default 127.0.0.1)
  --port N               http: the port (default 0: a free one, printed)
  --token T              http: the token clients must send. Prefer CODEV_MCP_TOKEN: a command line is
                         visible to every user of the machine (ps)
  --no-token             http: no token, on loopback only (any process of this machine can call the tools)
  --permission-mode M    default | acceptEdits | bypassPermissions | plan | auto | dontAsk
  --allow RULE           Add an allow rule (repeatable), e.g. --allow 'Bash(npm test)'
  --deny RULE            Add a deny rule (repeatable)
  --ask RULE             Add an ask rule (repeatable)
  --ask-fallback A       deny (default) or allow: the answer to an ask the client cannot be asked (allow is
                         no stronger than bypassPermissions: an ask no mode settles is still denied)
  --tools A,B,...        Serve only these tools (default: all but the agent loop's own: Agent, SendMessage,
                         AskUserQuestion, TodoWrite, ToolSearch)
  --cwd DIR              The project directory

Environment:
  CODEV_MCP_TOKEN        http: the token clients must send (instead of --token)

Examples:
  codev mcp serve
  codev mcp serve --cwd ../app --deny 'Bash(git push *)' --tools Read,Grep,Glob,Bash
  codev mcp serve --transport http --port 8765
  export CODEV_MCP_TOKEN=$(openssl rand -hex 32); codev mcp serve --transport http --host 0.0.0.0 --port 8765

In a client's config (Claude Code's .mcp.json, Cursor's .cursor/mcp.json):
  { "mcpServers": { "codev": { "command": "npx", "args": ["codev", "mcp", "serve"] } } }

Ctrl-C, SIGTERM or SIGHUP ends every session (running calls stopped, with their processes) and exits 130 or 143; a
second signal quits at once.
Exit codes: 0 the client closed stdin, 1 the server could not start (MCP_SERVE_FAILED: a port in use, the
project already served by the codev mcp serve that started this one through its .mcp.json...) or a
rule of the project is invalid (RULE_INVALID), 2 bad usage, 130 or 143 stopped by a signal.
`;

export const UI_HELP = `Usage: codev ui [--port N] [--host H] [--token T] [--open] [--redis URL] [--queue NAME] [--cwd DIR]

Serves a page, on this machine only, to look at the project in a browser: its sessions (search, filter, each
transcript with its tool calls, their decisions, thinking, compactions, cost per turn; live while an agent
writes it), its fleet (jobs, their sessions; approve or deny a parked call, cancel a job) and its tool pool
(where each tool comes from; explain how the rules decide a call). It reads: nothing is written but the fleet's
approve, deny and cancel. Prints the URL to open (it carries a token) and runs until Ctrl-C.

Security: the page and its API answer only requests carrying the token: the printed URL's ?token= trades it
for a session cookie (HttpOnly, SameSite=Strict, a secret of its own, never the token) and leaves the address
bar; scripts send "Authorization: Bearer <token>".
Every request must name this server in its Host header (DNS rebinding), every POST must come from the page
itself (Origin) as JSON. There is no way to serve without a token. A host other than loopback (127.0.0.1,
::1, localhost) needs a token of yours (--token or CODEV_UI_TOKEN), and anyone on the network who has it can
read every session: prefer an SSH tunnel (ssh -L 7357:127.0.0.1:7357 host) to --host 0.0.0.0.

Options:
  --port N               The port (default 7357, or any free one when 7357 is busy; 0: any free one)
  --host H               The address to listen on (default 127.0.0.1)
  --token T              The token (default: a random one, printed in the URL). Prefer CODEV_UI_TOKEN: a
                         command line is visible to every user of the machine (ps)
  --open                 Open the URL in the browser (xdg-open, open) through a page only you can read, so
                         the token is on no command line; a failure only warns
  --redis URL            The fleet's Redis (default CODEV_REDIS_URL, else the config's fleet.redisUrl; none:
                         no fleet section). An unreachable one does not stop the page: its fleet section says why
  --queue NAME           The fleet's queue (default the config's fleet.queue, else codev)
  --cwd DIR              The project directory

Environment:
  CODEV_UI_TOKEN         The token (instead of --token)
  CODEV_REDIS_URL        The fleet's Redis (instead of --redis)

Examples:
  codev ui
  codev ui --open --port 8080
  codev ui --redis redis://127.0.0.1:6379 --queue reviews
  CODEV_UI_TOKEN=$(openssl rand -hex 32) codev ui --host 0.0.0.0

Ctrl-C or SIGTERM closes the page's streams and exits 130 or 143; a second signal quits at once.
Exit codes: 1 the page could not be served (UI_SERVE_FAILED: a port in use, a host off loopback without a
token; UI_PAGE_MISSING: codev is not built), 2 bad usage, 130 or 143 stopped by a signal.
`;
