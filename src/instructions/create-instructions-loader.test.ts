import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createPermissionContext } from '../permissions/create-permission-context.ts';
import { readScopeOf } from '../permissions/read-decision-for-file.ts';
import { createInstructionsLoader } from './create-instructions-loader.ts';
import { resolveInstructionSources } from './instructions-setting.ts';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function project() {
  const base = mkdtempSync(path.join(os.tmpdir(), 'codev-instructions-loader-'));
  folders.push(base);
  const projectRoot = path.join(base, 'project');
  mkdirSync(path.join(projectRoot, 'docs'), { recursive: true });
  return { projectRoot, homeDirectory: path.join(base, 'home'), write: (relative: string, text: string) => writeFileSync(path.join(projectRoot, relative), text) };
}

const texts = (loaded: { instructions: { files: { text: string }[] } }) => loaded.instructions.files.map((file) => file.text);

describe('createInstructionsLoader', () => {
  it('reads again only when a file looked at was added, changed or removed, includes too', async () => {
    const { projectRoot, homeDirectory, write } = project();
    write('CODEV.md', 'one @docs/more.md');
    write('docs/more.md', 'more');
    const loader = createInstructionsLoader({ projectRoot, homeDirectory, sources: resolveInstructionSources(true)!, checkIntervalMs: 0 });
    const first = await loader.load();
    expect([first.changed, texts(first)]).toEqual([true, ['one @docs/more.md', 'more']]);
    const same = await loader.load();
    expect(same.changed).toBe(false);
    expect(same.instructions).toBe(first.instructions);

    write('docs/more.md', 'more, edited');
    expect(texts(await loader.load())).toEqual(['one @docs/more.md', 'more, edited']);
    write('AGENTS.md', 'agents');
    const added = await loader.load();
    expect([added.changed, texts(added)]).toEqual([true, ['one @docs/more.md', 'more, edited', 'agents']]);
    rmSync(path.join(projectRoot, 'CODEV.md'));
    expect(texts(await loader.load())).toEqual(['agents']);
  });

  it('checks at most once per interval, unless asked for a fresh check', async () => {
    const { projectRoot, homeDirectory, write } = project();
    write('CODEV.md', 'before');
    const loader = createInstructionsLoader({ projectRoot, homeDirectory, sources: resolveInstructionSources(true)!, checkIntervalMs: 60_000 });
    await loader.load();
    write('CODEV.md', 'after, longer');
    expect(texts(await loader.load())).toEqual(['before']);
    expect(texts(await loader.load({ fresh: true }))).toEqual(['after, longer']);
  });

  it('decides the files again under other Read rules, and not for a change of mode alone', async () => {
    const { projectRoot, homeDirectory, write } = project();
    write('CODEV.md', 'one @docs/more.md');
    write('docs/more.md', 'more');
    const loader = createInstructionsLoader({ projectRoot, homeDirectory, sources: resolveInstructionSources(true)!, checkIntervalMs: 60_000 });
    const scope = (permissionContext: ReturnType<typeof createPermissionContext>) => readScopeOf({ cwd: projectRoot, homeDirectory, permissionContext });
    expect(texts(await loader.load({ readScope: scope(createPermissionContext()) }))).toEqual(['one @docs/more.md', 'more']);
    const denied = await loader.load({ readScope: scope(createPermissionContext({ deny: { session: ['Read(docs/**)'] } })) });
    expect([denied.changed, texts(denied), denied.instructions.warnings.map((warning) => [warning.code, warning.rule])]).toEqual([true, ['one @docs/more.md'], [['INSTRUCTIONS_REFUSED', 'Read(docs/**)']]]);
    const sameRules = await loader.load({ readScope: scope(createPermissionContext({ mode: 'acceptEdits', deny: { session: ['Read(docs/**)'] } })) });
    expect(sameRules.changed).toBe(false);
  });
});
