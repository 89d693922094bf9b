/**
 * Headers on every answer: the page runs only its own scripts and styles (no inline script, no frame around it),
 * the browser never guesses a type, and no address of the UI (its token) leaves in a Referer.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'; object-src 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
};
