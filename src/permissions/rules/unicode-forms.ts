/**
 * The Unicode forms deny and ask rules are also compared in. NFC makes canonically equivalent spellings
 * one (`café` composed or as `e` + combining accent, as macOS and some git checkouts write it): the file
 * system keeps them apart and the model picks the name, so a deny written in one form must hold for the
 * other. NFKC folds compatibility forms as well (full-width `ｓｅｃｒｅｔ`, ligatures), so a rule typed
 * with an input method's full-width letters still holds for the ASCII name. Both only ever widen a deny
 * or an ask; allow rules stay exact.
 */
export const RESTRICTIVE_FORMS = ['NFC', 'NFKC'] as const;

export type UnicodeForm = (typeof RESTRICTIVE_FORMS)[number];

const NON_ASCII = /[^\u0000-\u007f]/;

/** Whether a text has any character outside ASCII (the only texts a Unicode form can change). */
export function hasNonAscii(text: string): boolean {
  return NON_ASCII.test(text);
}

/**
 * The texts in each of {@link RESTRICTIVE_FORMS}, every field in the same form, for a deny or ask rule to be
 * compared again; empty when no field has a non-ASCII character (nothing to fold, the common case).
 */
export function restrictiveForms<T extends Record<string, string>>(texts: T): T[] {
  // Typed as strings, but an anchor may come from JavaScript without one: leave what is not a string alone.
  if (!Object.values(texts).some((value) => typeof value === 'string' && hasNonAscii(value))) return [];
  return RESTRICTIVE_FORMS.map((form) => Object.fromEntries(Object.entries(texts).map(([key, value]) => [key, typeof value === 'string' ? value.normalize(form) : value])) as T);
}

/** Whether two names are one name in some {@link RESTRICTIVE_FORMS} form. */
export function sameNameInAnyForm(left: string, right: string): boolean {
  return left === right || RESTRICTIVE_FORMS.some((form) => left.normalize(form) === right.normalize(form));
}
