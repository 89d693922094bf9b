/** A URL with a password in it: `postgres://app:pw@db/app`, `redis://:pw@cache:6379`. */
const URL_WITH_PASSWORD = /[a-z][a-z0-9+.-]*:\/\/[^\s/?#@:]*:[^\s/?#@]+@/i;

/** A connection string's secret field: `…;Password=pw;`, `AccountKey=…`, `SharedAccessKey=…`. */
const CONNECTION_STRING_SECRET = /(?:^|;)\s*(?:password|pwd|accountkey|sharedaccesskey|sharedaccesssignature|clientsecret)\s*=/i;

/**
 * Whether an environment variable's value holds a credential whatever its name: a URL with a password in its
 * user part (`DATABASE_URL=postgres://app:pw@db/app`) or a connection string with a password or key field
 * (`Server=db;Password=pw`, `AccountKey=…`). A URL with a user and no password is not.
 *
 * @example
 * isCredentialValue('postgres://app:pw@db:5432/app'); // true
 * isCredentialValue('postgres://localhost:5432/app'); // false
 */
export function isCredentialValue(value: string): boolean {
  return URL_WITH_PASSWORD.test(value) || CONNECTION_STRING_SECRET.test(value);
}
