import type { Directories } from './shell/directories.ts';
import type { ShellAnalysis, ShellRedirect, ShellWord, SimpleCommand } from './shell/types.ts';

/** A file a shell command touches, before it is resolved against the directories it runs in. */
export interface ShellFileRequest {
  word: ShellWord;
  directories: Directories;
  access: 'read' | 'write';
  /** `redirect` and `option` are file writes checked like the Edit tool's; see FileAccessVia for the others. */
  origin: 'redirect' | 'operand' | 'option' | 'possible';
  recursive: boolean;
}

/** Device files every command may use: never a file a rule is about. */
const HARMLESS_DEVICES = /^\/dev\/(?:null|zero|u?random|stdin|stdout|stderr|tty|fd\/\d+)$|^\/proc\/self\/fd\/\d+$/;

/**
 * Every file an analyzed command reads or writes, as written, with where it runs: redirect targets (a `<`
 * reads its file, `>` and `<>` write), and what each command's program does (see `programs/`). Files handed
 * on by `find -exec` or `xargs` (`{}`, the input xargs appends) become reads below what the feeding command
 * lists, when it lists anything; otherwise they stay unresolvable. Output redirects come first, and are
 * kept whatever they name (`> /dev/tty` too): only the harmless sinks (`/dev/null`) are left out of them.
 */
export function shellFileRequests(analysis: Extract<ShellAnalysis, { ok: true }>): readonly ShellFileRequest[] {
  let requests = computed.get(analysis);
  if (!requests) computed.set(analysis, (requests = computeRequests(analysis)));
  return requests;
}

/** An analysis is immutable and cached per command: its requests are computed once. */
const computed = new WeakMap<object, readonly ShellFileRequest[]>();

function computeRequests(analysis: Extract<ShellAnalysis, { ok: true }>): ShellFileRequest[] {
  const writes = analysis.writes.map((redirect): ShellFileRequest => ({ word: redirectWord(redirect), directories: redirect.directories, access: 'write', origin: 'redirect', recursive: false }));
  const requests: ShellFileRequest[] = analysis.reads.flatMap(redirectRequests);
  for (const command of analysis.commands) {
    for (const effect of command.effects.files) {
      const fed = effect.word.dynamic && isHandedOn(effect.word) ? producerReads(analysis.commands, command) : undefined;
      if (fed) {
        requests.push(...fed);
        continue;
      }
      requests.push({ word: effect.word, directories: command.directories, access: effect.access, origin: effect.via, recursive: effect.recursive === true });
    }
  }
  return [...writes, ...requests.filter((request) => !HARMLESS_DEVICES.test(request.word.value))];
}

/** `< file` reads the file; `<> file` reads and writes it. */
function redirectRequests(redirect: ShellRedirect): ShellFileRequest[] {
  const operator = redirect.operator.replace(/^\d+/, '');
  const word = redirectWord(redirect);
  // Undefined after a `cd` only the run knows: the file is then unknowable too, not one in the start folder.
  const where = redirect.directories;
  if (operator === '<') return redirect.target.startsWith('<(') ? [] : [{ word, directories: where, access: 'read', origin: 'operand', recursive: false }];
  if (operator === '<>') return [{ word, directories: where, access: 'read', origin: 'operand', recursive: false }, { word, directories: where, access: 'write', origin: 'redirect', recursive: false }];
  return [];
}

/** A redirect's target as a word: known, or only at run time. */
function redirectWord(redirect: ShellRedirect): ShellWord {
  return { value: redirect.target, dynamic: !redirect.static, glob: false, userTilde: false, processSubstitution: false };
}

/** `{}` of find -exec, or what xargs appends. */
function isHandedOn(word: ShellWord): boolean {
  return word.value.includes('{}') || word.value === '{xargs input}';
}

/** What the feeding command reads or lists becomes a `possible` read of everything below it. */
function producerReads(commands: readonly SimpleCommand[], command: SimpleCommand): ShellFileRequest[] | undefined {
  const producer = command.inputFrom === undefined ? undefined : commands[command.inputFrom];
  const listed = producer?.effects.files.filter((effect) => effect.access === 'read' && effect.via !== 'possible');
  if (!producer || !listed || listed.length === 0) return undefined;
  return listed.map((effect) => ({ word: effect.word, directories: producer.directories, access: 'read', origin: 'possible', recursive: true }));
}
