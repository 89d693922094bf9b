import path from 'node:path';
import { CODEV_FOLDER } from '../files/codev-files.ts';

/** Where a project's transcripts are: `<root>/.codev/sessions/` (beside the session folders of running agents). */
export function sessionsDirectory(projectRoot: string): string {
  return path.join(projectRoot, CODEV_FOLDER, 'sessions');
}
