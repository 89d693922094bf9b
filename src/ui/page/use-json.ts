/** Reads one API path: its data, its error, and `reload`; a change of path aborts the read in flight. */
import { useCallback, useEffect, useState } from 'preact/hooks';
import { getJson, toApiError, type ApiError } from './api.ts';

export interface JsonState<T> {
  data?: T;
  error?: ApiError;
  loading: boolean;
  reload: () => void;
  /** Replaces the data in place (live updates). */
  update: (change: (data: T) => T) => void;
}

export function useJson<T>(path: string | undefined): JsonState<T> {
  const [state, setState] = useState<{ data?: T; error?: ApiError; loading: boolean }>({ loading: path !== undefined });
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (path === undefined) return;
    const controller = new AbortController();
    setState((previous) => ({ data: previous.data, loading: true }));
    getJson<T>(path, controller.signal).then(
      (data) => setState({ data, loading: false }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ error: toApiError(error), loading: false });
      },
    );
    return () => controller.abort();
  }, [path, version]);
  const reload = useCallback(() => setVersion((value) => value + 1), []);
  const update = useCallback((change: (data: T) => T) => {
    setState((previous) => (previous.data === undefined ? previous : { ...previous, data: change(previous.data) }));
  }, []);
  return { ...state, reload, update };
}
