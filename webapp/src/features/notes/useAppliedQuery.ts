import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { queryFromSearchParams, toSearchParams, type NoteQuery } from './model/query';

/**
 * The applied notes query lives in the URL (bookmarkable; back and forward move between queries).
 * Applying writes only the values that differ from the defaults.
 */
export function useAppliedQuery() {
  const [params, setParams] = useSearchParams();
  const key = toSearchParams(queryFromSearchParams(params), 'url').toString();
  // One object per distinct query (the URL form reads back to the same query), so hooks keyed on
  // it do not run again when other parameters change.
  const query = useMemo(() => queryFromSearchParams(new URLSearchParams(key)), [key]);
  const apply = useCallback(
    (next: NoteQuery, options: { replace?: boolean } = {}) => {
      setParams(toSearchParams(next, 'url'), { replace: options.replace ?? false });
    },
    [setParams],
  );
  return { query, key, params, setParams, apply };
}
