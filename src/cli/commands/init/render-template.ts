import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** One file of a template, rendered. */
export interface TemplateFile {
  /** Where it goes, relative to the target folder, with `/` separators. */
  target: string;
  content: string;
}

/** The template folders under `templatesDirectory`, sorted. */
export async function listTemplates(templatesDirectory: string): Promise<string[]> {
  const entries = await readdir(templatesDirectory, { withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort();
}

/**
 * Reads every file of a template folder and fills in the placeholders. Only known keys are replaced, so
 * other `{{...}}` text (JSX, docs) survives; in `.json` files values are JSON-escaped. A file or folder
 * named `_name` is written as `.name` (npm would drop a `.gitignore` from the published package).
 */
export async function renderTemplate(directory: string, values: Record<string, string>): Promise<TemplateFile[]> {
  const files: TemplateFile[] = [];
  const walk = async (relative: string) => {
    const entries = await readdir(path.join(directory, relative), { withFileTypes: true });
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      const source = relative === '' ? entry.name : `${relative}/${entry.name}`;
      if (entry.isDirectory()) await walk(source);
      else if (entry.isFile()) {
        const raw = await readFile(path.join(directory, source), 'utf8');
        const escape = source.endsWith('.json') ? (value: string) => JSON.stringify(value).slice(1, -1) : (value: string) => value;
        const content = raw.replace(/\{\{(\w+)\}\}/g, (match, key: string) => (Object.hasOwn(values, key) ? escape(values[key]!) : match));
        files.push({ target: source.split('/').map((part) => part.replace(/^_/, '.')).join('/'), content });
      }
    }
  };
  await walk('');
  return files.sort((a, b) => a.target.localeCompare(b.target));
}
