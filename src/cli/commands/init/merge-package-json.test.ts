import { describe, expect, it } from 'vitest';
import { mergePackageJson } from './merge-package-json.ts';

const TEMPLATE = {
  name: 'x',
  type: 'module',
  scripts: { test: 'vitest run', agent: 'codev run agent.ts' },
  dependencies: { codev: 'file:../codev', zod: '4.6.7' },
  devDependencies: { vitest: '4.1.12' },
};

function merge(text: string, addType?: string) {
  return mergePackageJson({ text, file: '/p/package.json', template: TEMPLATE, addType });
}

describe('mergePackageJson', () => {
  it('adds only what is missing, at the end of each section, and keeps the user order, values and indentation', () => {
    const text = '{\n\t"name": "app",\n\t"scripts": {\n\t\t"test": "jest"\n\t},\n\t"dependencies": {\n\t\t"zod": "^3.23.0",\n\t\t"express": "^4.0.0"\n\t}\n}\n';
    const result = merge(text);
    expect(result.added).toEqual(['dependencies.codev', 'devDependencies.vitest', 'scripts.agent']);
    expect(result.kept).toEqual([
      { key: 'dependencies.zod', yours: '^3.23.0', template: '4.6.7' },
      { key: 'scripts.test', yours: 'jest', template: 'vitest run' },
    ]);
    expect(result.text).toBe(
      '{\n\t"name": "app",\n\t"scripts": {\n\t\t"test": "jest",\n\t\t"agent": "codev run agent.ts"\n\t},\n\t"dependencies": {\n\t\t"zod": "^3.23.0",\n\t\t"express": "^4.0.0",\n\t\t"codev": "file:../codev"\n\t},\n\t"devDependencies": {\n\t\t"vitest": "4.1.12"\n\t}\n}\n',
    );
  });

  it('a dependency the user has in another section counts as present; "type" only when asked and absent', () => {
    const result = merge('{\r\n    "devDependencies": { "codev": "^0.1.0", "zod": "4.6.7" }\r\n}', 'module');
    expect(result.added).toEqual(['type', 'devDependencies.vitest', 'scripts.test', 'scripts.agent']);
    expect(result.kept).toEqual([{ key: 'devDependencies.codev', yours: '^0.1.0', template: 'file:../codev' }]);
    // CRLF kept, four spaces kept, a one-line object kept on one line, no final newline added where there was none.
    expect(result.text).toBe('{\r\n    "devDependencies": { "codev": "^0.1.0", "zod": "4.6.7", "vitest": "4.1.12" },\r\n    "type": "module",\r\n    "scripts": {\r\n        "test": "vitest run",\r\n        "agent": "codev run agent.ts"\r\n    }\r\n}');
    expect(merge('{ "type": "commonjs" }', 'module').added).not.toContain('type');
  });

  it('nothing missing: the text is returned untouched', () => {
    const text = JSON.stringify({ ...TEMPLATE, name: 'mine' });
    expect(merge(text)).toEqual({ text, added: [], kept: [] });
  });

  it('invalid JSON or a section that is not an object: PACKAGE_JSON_INVALID with the file, line and column', () => {
    expect(() => merge('{\n  "name": "app"\n  "version": "1.0.0"\n}\n')).toThrow(expect.objectContaining({ code: 'PACKAGE_JSON_INVALID', file: '/p/package.json', line: 3, column: 3 }));
    expect(() => merge('{\n  "name": "app",\n')).toThrow(expect.objectContaining({ code: 'PACKAGE_JSON_INVALID', line: 3 }));
    expect(() => merge('[]')).toThrow(expect.objectContaining({ code: 'PACKAGE_JSON_INVALID' }));
    expect(() => merge('{ "scripts": "npm test" }')).toThrow(expect.objectContaining({ code: 'PACKAGE_JSON_INVALID', field: 'scripts' }));
  });
  it('changes no byte of what the user wrote: numbers, escapes, one-line arrays and objects, a duplicate key all stay as written', () => {
    const user = [
      '{',
      '  "name": "app",',
      '  "version": "1.0.0",',
      '  "keywords": ["a", "b"],',
      '  "config": { "port": 8080, "ratio": 1.0, "big": 12345678901234567890, "path": "C:\\tmp\/x", "e": "\u00e9" },',
      '  "scripts": { "test": "old" },',
      '  "scripts": {',
      '    "test": "jest"',
      '  },',
      '  "dependencies": {}',
      '}',
      '',
    ].join('\n');
    const result = merge(user);
    expect(result.added).toEqual(['dependencies.codev', 'dependencies.zod', 'devDependencies.vitest', 'scripts.agent']);
    // Each line the user wrote is still there, in order, as written.
    const lines = result.text.split('\n');
    let at = 0;
    for (const line of user.split('\n').filter((text) => !/^\s*[{}[\]],?$/.test(text) && !text.endsWith('{}'))) {
      const found = lines.findIndex((text, index) => index >= at && text.replace(/,$/, '') === line.replace(/,$/, ''));
      expect(found, `"${line}" kept as written, in order, in:\n${result.text}`).toBeGreaterThanOrEqual(at);
      at = found + 1;
    }
    expect(JSON.parse(result.text)).toMatchObject({ scripts: { test: 'jest', agent: 'codev run agent.ts' }, dependencies: { codev: 'file:../codev', zod: '4.6.7' }, devDependencies: { vitest: '4.1.12' } });
  });
});
