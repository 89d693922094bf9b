import { CodevError } from '../../../errors/codev-error.ts';
import type { UiSessionListQuery, UiSessionStatus } from '../../types.ts';

export const DEFAULT_LIMIT = 100;
export const MAX_LIMIT = 500;
const STATUSES: readonly string[] = ['running', 'waiting', 'idle'] satisfies UiSessionStatus[];

/** `GET /api/sessions`' query, checked: `INPUT_INVALID` for a status, offset or limit that is not one. */
export function parseSessionListQuery(query: URLSearchParams): Required<Pick<UiSessionListQuery, 'offset' | 'limit'>> & UiSessionListQuery {
  const status = query.get('status') || undefined;
  if (status !== undefined && !STATUSES.includes(status)) throw new CodevError('INPUT_INVALID', `status must be one of ${STATUSES.join(', ')}, not "${status}"`, { field: 'status' });
  const q = query.get('q')?.trim() || undefined;
  const model = query.get('model') || undefined;
  return {
    ...(q !== undefined && { q }),
    ...(status !== undefined && { status: status as UiSessionStatus }),
    ...(model !== undefined && { model }),
    offset: count(query.get('offset'), 'offset', 0, Number.MAX_SAFE_INTEGER) ?? 0,
    limit: count(query.get('limit'), 'limit', 1, MAX_LIMIT) ?? DEFAULT_LIMIT,
  };
}

function count(value: string | null, field: string, min: number, max: number): number | undefined {
  if (value === null || value === '') return undefined;
  const number = Number(value);
  if (!Number.isInteger(number) || number < min || number > max) throw new CodevError('INPUT_INVALID', `${field} must be a whole number from ${min} to ${max}, not "${value}"`, { field });
  return number;
}
