import { resolveRepository } from '../workspace/resolve-repository.ts';

/**
 * Whether a job's workspace repository is one the worker's operator trusts (`trustedRepositories`), so that
 * its checkout's own config, local settings, plugins, MCP servers, skills, agent types and instructions load.
 * The repository is named as the job names it to git (a local path made absolute), never by anything the
 * checkout says; each pattern is such a name, or a glob of one: `*` any characters but `/`, `:` and `@`,
 * `?` one of them, `**` any but `:` and `@` (so no glob reaches past a host or into another one).
 * A name with a `.` or `..` segment, a `%` escape, a `?` or `#` (a query or fragment, cut off before the
 * repository is named), a backslash, a space or a control character is trusted only by a pattern that is
 * the very same string: git, a server or the OS would resolve it to something else than the name that
 * matched (`link/..` is not the folder that holds `link`; `https://evil.test#.corp.test/` is evil.test).
 *
 * @example
 * isTrustedRepository({ repo: 'git@github.com:acme/app.git', trusted: ['git@github.com:acme/*'] }); // true
 */
export function isTrustedRepository(options: { repo: string; trusted: readonly string[] }): boolean {
  if (options.trusted.length === 0) return false;
  const name = resolveRepository(options.repo);
  // Judged on the name as given: making a local path absolute drops its `..` lexically, while the OS follows a link first.
  const plain = !/[%?#\\\s\p{Cc}]/u.test(options.repo) && !options.repo.split(/[/\\:]/).some((segment) => segment === '.' || segment === '..');
  return options.trusted.some((pattern) => {
    if (!plain) return pattern.trim() === options.repo;
    const resolved = patternOf(pattern);
    return resolved === name || (/[*?]/.test(resolved) && globRegExp(resolved).test(name));
  });
}

/** A pattern named the way a repository is: a local path made absolute (its glob characters kept). */
function patternOf(pattern: string): string {
  try {
    return resolveRepository(pattern.trim());
  } catch {
    return pattern.trim();
  }
}

function globRegExp(pattern: string): RegExp {
  let source = '';
  for (let index = 0; index < pattern.length; index++) {
    const character = pattern[index]!;
    if (character === '*' && pattern[index + 1] === '*') {
      source += '[^:@]*';
      index++;
    } else if (character === '*') source += '[^/:@]*';
    else if (character === '?') source += '[^/:@]';
    else source += character.replace(/[\\^$.+()[\]{}|]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}
