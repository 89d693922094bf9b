import { describe, expect, it } from 'vitest';
import { parseFrontmatter } from './parse-frontmatter.ts';

describe('parseFrontmatter', () => {
  it('parses the YAML subset skills use', () => {
    const text = [
      '---',
      'name: deploy # the name',
      'description: "Deploy the app: build, push"',
      "quoted: 'it''s'",
      'flag: true',
      'inline: [Read, "Bash(git add:*, x)"]',
      'list:',
      '  - Read',
      '  - Bash(npm test)',
      'long: >',
      '  one',
      '  two',
      'literal: |-',
      '  a',
      '  b',
      'metadata:',
      '  owner: ops',
      'plain: first',
      '  second',
      '---',
      'Body',
    ].join('\n');
    const parsed = parseFrontmatter(text);
    expect(parsed).toEqual({
      ok: true,
      present: true,
      body: 'Body',
      data: {
        name: 'deploy',
        description: 'Deploy the app: build, push',
        quoted: "it's",
        flag: true,
        inline: ['Read', 'Bash(git add:*, x)'],
        list: ['Read', 'Bash(npm test)'],
        long: 'one two\n',
        literal: 'a\nb',
        metadata: { owner: 'ops' },
        plain: 'first second',
      },
    });
  });

  it('reports the line of a malformed entry', () => {
    expect(parseFrontmatter('---\nname: x\nthis is not yaml\n---\n')).toMatchObject({ ok: false, line: 3 });
    expect(parseFrontmatter('---\nname: x\nname: y\n---\n')).toMatchObject({ ok: false, line: 3, message: 'duplicate key "name"' });
    expect(parseFrontmatter('---\ndescription: "open\n---\n')).toMatchObject({ ok: false, line: 2 });
    expect(parseFrontmatter('---\nname: x\n')).toMatchObject({ ok: false, line: 1 });
  });

  it('treats a file without a leading --- as having no frontmatter', () => {
    expect(parseFrontmatter('# Title\n')).toEqual({ ok: true, present: false, data: {}, body: '# Title\n' });
  });
});
