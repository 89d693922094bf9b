/**
 * The modes of what codev writes under a session folder: tool outputs may hold secrets a command printed
 * (tokens, `.env` contents), so only their owner may read them. Applied to the folders codev creates,
 * those made on the way included.
 */
export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIRECTORY_MODE = 0o700;
