import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveInstructionSources } from './instructions-setting.ts';
import { loadInstructions, MAX_INCLUDE_DEPTH } from './load-instructions.ts';
import { MAX_INSTRUCTION_FILE_BYTES } from './read-instruction-file.ts';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A project root and a home folder, each with the given files. */
function setUp(files: { project?: Record<string, string>; home?: Record<string, string> }) {
  const base = mkdtempSync(path.join(os.tmpdir(), 'codev-instructions-'));
  folders.push(base);
  const projectRoot = path.join(base, 'project');
  const homeDirectory = path.join(base, 'home');
  for (const [root, entries] of [[projectRoot, files.project], [homeDirectory, files.home]] as const) {
    mkdirSync(root, { recursive: true });
    for (const [relative, text] of Object.entries(entries ?? {})) {
      mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
      writeFileSync(path.join(root, relative), text);
    }
  }
  return { base, projectRoot, homeDirectory };
}

const ALL = resolveInstructionSources(undefined)!;

describe('loadInstructions', () => {
  it("reads the user's files, then the project's, each in the order CODEV.md, AGENTS.md, CLAUDE.md", async () => {
    const { projectRoot, homeDirectory } = setUp({
      home: { '.codev/CLAUDE.md': 'user claude', '.codev/CODEV.md': 'user codev' },
      project: { 'CLAUDE.md': 'project claude', 'AGENTS.md': 'project agents', 'CODEV.md': 'project codev' },
    });
    const { files, warnings } = await loadInstructions({ projectRoot, homeDirectory, sources: ALL });
    expect(files.map((file) => [path.relative(path.dirname(projectRoot), file.path), file.scope, file.text])).toEqual([
      ['home/.codev/CODEV.md', 'user', 'user codev'],
      ['home/.codev/CLAUDE.md', 'user', 'user claude'],
      ['project/CODEV.md', 'project', 'project codev'],
      ['project/AGENTS.md', 'project', 'project agents'],
      ['project/CLAUDE.md', 'project', 'project claude'],
    ]);
    expect(files[0]!.bytes).toBe(10);
    expect(warnings).toEqual([]);
  });

  it('turns sources off by name and by place', async () => {
    const { projectRoot, homeDirectory } = setUp({ home: { '.codev/CODEV.md': 'user' }, project: { 'CODEV.md': 'codev', 'AGENTS.md': 'agents', 'CLAUDE.md': 'claude' } });
    const texts = async (sources: Parameters<typeof resolveInstructionSources>[0]) => (await loadInstructions({ projectRoot, homeDirectory, sources: resolveInstructionSources(sources)! })).files.map((file) => file.text);
    expect(await texts({ sources: { claude: false, agents: false } })).toEqual(['user', 'codev']);
    expect(await texts({ sources: { user: false } })).toEqual(['codev', 'agents', 'claude']);
    expect(await texts({ sources: { project: false } })).toEqual(['user']);
    expect(resolveInstructionSources(false)).toBeUndefined();
  });

  it('follows @path includes relative to the including file, depth first, and uses each file once', async () => {
    const { projectRoot, homeDirectory } = setUp({
      home: { '.codev/CODEV.md': 'mine: @~/.codev/style.md', '.codev/style.md': 'tabs' },
      project: {
        'CODEV.md': 'See @docs/guide.md and @README.md.\n```\n@not/an/include.md\n```\nAlso `@code/span.md`, @octocat and me@example.com.',
        'docs/guide.md': 'guide, then @./deeper/more.md',
        'docs/deeper/more.md': 'more, back to @../../CODEV.md',
        'README.md': 'readme',
        // The usual bridge for Claude Code users: CLAUDE.md only points at AGENTS.md.
        'AGENTS.md': 'agents',
        'CLAUDE.md': '@AGENTS.md',
      },
    });
    const { files, warnings } = await loadInstructions({ projectRoot, homeDirectory, sources: ALL });
    expect(files.map((file) => [path.relative(path.dirname(projectRoot), file.path), file.includedFrom && path.relative(path.dirname(projectRoot), file.includedFrom)])).toEqual([
      ['home/.codev/CODEV.md', undefined],
      ['home/.codev/style.md', 'home/.codev/CODEV.md'],
      ['project/CODEV.md', undefined],
      ['project/docs/guide.md', 'project/CODEV.md'],
      ['project/docs/deeper/more.md', 'project/docs/guide.md'],
      ['project/README.md', 'project/CODEV.md'],
      ['project/AGENTS.md', undefined],
      ['project/CLAUDE.md', undefined],
    ]);
    expect(files[1]!.scope).toBe('user');
    expect(files[3]!.scope).toBe('project');
    expect(warnings).toEqual([]);
  });

  it('uses a CLAUDE.md that links to AGENTS.md once', async () => {
    const { projectRoot, homeDirectory } = setUp({ project: { 'AGENTS.md': 'shared' } });
    symlinkSync('AGENTS.md', path.join(projectRoot, 'CLAUDE.md'));
    const { files } = await loadInstructions({ projectRoot, homeDirectory, sources: ALL });
    expect(files.map((file) => path.basename(file.path))).toEqual(['AGENTS.md']);
  });

  it('warns INSTRUCTIONS_SKIPPED, with the path, for a missing include, one outside, one too deep, a file too large and one unreadable, and INSTRUCTIONS_REFUSED for a link out of the project', async () => {
    const chain = Object.fromEntries(Array.from({ length: MAX_INCLUDE_DEPTH + 1 }, (_, index) => [`chain/${index}.md`, `link @./${index + 1}.md`]));
    const { base, projectRoot, homeDirectory } = setUp({
      project: { 'CODEV.md': 'start @missing.md @../outside.md @chain/0.md @escape.md', 'AGENTS.md': 'x'.repeat(MAX_INSTRUCTION_FILE_BYTES + 1), ...chain, [`chain/${MAX_INCLUDE_DEPTH + 1}.md`]: 'end' },
      home: { '.codev/CODEV.md': 'fine' },
    });
    writeFileSync(path.join(base, 'outside.md'), 'secret');
    symlinkSync(path.join(base, 'outside.md'), path.join(projectRoot, 'escape.md'));
    mkdirSync(path.join(projectRoot, 'CLAUDE.md'));
    const { files, warnings } = await loadInstructions({ projectRoot, homeDirectory, sources: ALL });
    expect(warnings.every((warning) => warning.message.includes(warning.path))).toBe(true);
    expect(warnings.map((warning) => warning.code)).toEqual(['INSTRUCTIONS_SKIPPED', 'INSTRUCTIONS_SKIPPED', 'INSTRUCTIONS_SKIPPED', 'INSTRUCTIONS_REFUSED', 'INSTRUCTIONS_SKIPPED', 'INSTRUCTIONS_SKIPPED']);
    expect(warnings.map((warning) => path.relative(base, warning.path))).toEqual([
      'project/missing.md',
      'outside.md',
      `project/chain/${MAX_INCLUDE_DEPTH}.md`,
      'project/escape.md',
      'project/AGENTS.md',
      'project/CLAUDE.md',
    ]);
    expect(files.map((file) => path.relative(base, file.path))).toEqual(['home/.codev/CODEV.md', 'project/CODEV.md', ...Array.from({ length: MAX_INCLUDE_DEPTH }, (_, index) => `project/chain/${index}.md`)]);
    expect(files.some((file) => file.text.includes('secret'))).toBe(false);
  });

  it.skipIf(process.getuid?.() === 0)('warns for a file it may not read', async () => {
    const { projectRoot, homeDirectory } = setUp({ project: { 'CODEV.md': 'private' } });
    chmodSync(path.join(projectRoot, 'CODEV.md'), 0o000);
    const { files, warnings } = await loadInstructions({ projectRoot, homeDirectory, sources: ALL });
    expect(files).toEqual([]);
    expect(warnings.map((warning) => [warning.code, warning.path])).toEqual([['INSTRUCTIONS_SKIPPED', path.join(projectRoot, 'CODEV.md')]]);
  });
});
