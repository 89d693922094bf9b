import { afterEach, describe, expect, it } from 'vitest';
import { createTempProject, type TempProject } from '../plugins/test-fixtures/create-temp-project.ts';
import { findProjectRoot } from './find-project-root.ts';

const projects: TempProject[] = [];
afterEach(async () => Promise.all(projects.splice(0).map((project) => project.cleanup())));

describe('findProjectRoot', () => {
  it('finds the nearest folder with a package.json', async () => {
    const project = await createTempProject({ files: { 'package.json': '{}', 'packages/a/package.json': '{}', 'packages/a/src/x.ts': '' } });
    projects.push(project);
    expect(await findProjectRoot(project.path('packages/a/src'))).toBe(project.path('packages/a'));
    expect(await findProjectRoot(project.path('packages'))).toBe(project.root);
  });

  it('stops at a .git entry too', async () => {
    const project = await createTempProject({ location: 'os-tmpdir', files: { '.git/HEAD': 'ref: x', 'src/x.ts': '' } });
    projects.push(project);
    expect(await findProjectRoot(project.path('src'))).toBe(project.root);
  });
});
