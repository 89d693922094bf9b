import path from 'node:path';

/**
 * Where the parts of a session lock live in a store's folder (see `holdSessionLock`): the lock
 * `<id>.lock/`, the one file in it `owner.<nonce>`, and `.lock-staging/<nonce>/`, where a lock is made
 * before it is renamed into place. Session ids start with a letter or digit, so neither name can be a
 * session's.
 */
export const sessionLockNames = {
  lock: (directory: string, sessionId: string) => path.join(directory, `${sessionId}.lock`),
  staging: (directory: string) => path.join(directory, '.lock-staging'),
  ownerFile: (nonce: string) => `owner.${nonce}`,
  isOwnerFile: (name: string) => /^owner\.[0-9a-f-]{36}$/.test(name),
};
