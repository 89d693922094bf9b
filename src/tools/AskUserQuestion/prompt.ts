/** The one-line description of AskUserQuestion. */
export const ASK_USER_QUESTION_DESCRIPTION = 'Ask the user multiple-choice questions and wait for the answers';

/** The text the model reads for AskUserQuestion. */
export const ASK_USER_QUESTION_PROMPT = `Asks the user one to four multiple-choice questions while you work, and waits for the answers. Use it to:
- gather the user's preferences or requirements;
- clear up an ambiguous instruction;
- let the user decide between approaches as they come up.

Each question has a short header (at most 12 characters, e.g. "Auth method"), two to four options (a label of one to five words and a description of what it means), and multiSelect: true when several options may be picked. The user can always answer in their own words instead, so do not add an "Other" option. If you recommend an option, put it first and end its label with "(Recommended)".

Do not use it to ask for permission to run a tool, or to ask whether your plan is ready: ask about the work itself.`;
