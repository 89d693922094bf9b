import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTool, withToolSource } from '../../src/tool/build-tool.ts';
import { zodToJsonSchema } from '../../src/tool/zod-to-json-schema.ts';
import { getAllBaseTools } from '../../src/tools/get-all-base-tools.ts';

// `import('codev')` builds every built-in tool; converting their zod schemas to JSON Schema then was a tenth of
// the import's own cost. Built-in tools make it on first read (a request, the REPL's list), once per tool.
describe('built-in tools make their JSON Schema on first read', () => {
  it('no built-in tool has converted its schema when the module has loaded', () => {
    for (const tool of getAllBaseTools()) {
      const descriptor = Object.getOwnPropertyDescriptor(tool, 'jsonSchema');
      expect(typeof descriptor?.get, tool.name).toBe('function');
      expect(descriptor?.enumerable, tool.name).toBe(true);
    }
  });

  it('the schema read is the one an eager build gives, the same object on every read and in every copy', () => {
    for (const tool of getAllBaseTools()) {
      const first = tool.jsonSchema;
      expect(first, tool.name).toEqual(zodToJsonSchema(tool.inputSchema));
      expect(tool.jsonSchema, tool.name).toBe(first);
      const copy = withToolSource(tool, { type: 'inline' });
      expect(copy.jsonSchema, tool.name).toBe(first);
      expect({ ...tool }.jsonSchema, tool.name).toBe(first);
      expect(copy.source).toEqual({ type: 'inline' });
      expect(Object.isFrozen(copy)).toBe(true);
    }
  });

  it('a user tool still converts its schema when built, so a bad schema is refused at once', () => {
    const tool = buildTool({ name: 'Echo', description: 'd', inputSchema: z.object({ message: z.string() }), call: () => ({ data: '' }) });
    expect(tool.jsonSchema).toEqual(zodToJsonSchema(z.object({ message: z.string() })));
    let code: unknown;
    try {
      buildTool({ name: 'Bad', description: 'd', inputSchema: z.string() as never, call: () => ({ data: '' }) });
    } catch (error) {
      code = (error as { code?: unknown }).code;
    }
    expect(code).toBe('TOOL_DEFINITION_INVALID');
  });
});
