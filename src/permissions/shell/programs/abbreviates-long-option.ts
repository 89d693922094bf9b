/**
 * Whether the long option as written (`--out`, or `--out=F`) is `option` (`--output`) or a prefix of it.
 * getopt_long and git's parse-options take any unambiguous prefix of a long option, and an ambiguous one is
 * an error; counting every prefix as the option is fail-closed either way.
 */
export function abbreviatesLongOption(written: string, option: string): boolean {
  const equals = written.indexOf('=');
  const name = equals === -1 ? written : written.slice(0, equals);
  return name.startsWith('--') && name.length > 2 && option.startsWith(name);
}
