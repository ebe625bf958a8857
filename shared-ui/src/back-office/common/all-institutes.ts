/** Every live institute, for the dropdowns that pick one: all pages of the (server-paged) institutes list. */
import { useEffect, useState } from 'react';
import { useAppDispatch, useSession } from 'shared-api';
import { peopleApi, type InstituteRow } from 'shared-api/back-office';
import { collectAllPages } from './csv';

/** Fetched afresh each time `enabled` turns true (a dialog opens); `rows` is undefined until every page is in. */
export function useAllInstitutes(enabled: boolean): { rows: InstituteRow[] | undefined; error: unknown } {
  const userId = useSession().user?._id;
  const dispatch = useAppDispatch();
  const [state, setState] = useState<{ rows: InstituteRow[] | undefined; error: unknown }>({ rows: undefined, error: undefined });
  useEffect(() => {
    if (!enabled || !userId) return undefined;
    let current = true;
    setState({ rows: undefined, error: undefined });
    collectAllPages(
      (page, limit) => dispatch(peopleApi.endpoints.getAllInstitutes.initiate({ userId, page, limit }, { subscribe: false, forceRefetch: true })).unwrap(),
      (i) => i._id,
    ).then(
      (rows) => { if (current) setState({ rows, error: undefined }); },
      (error: unknown) => { if (current) setState({ rows: [], error }); },
    );
    return () => { current = false; };
  }, [enabled, userId, dispatch]);
  return state;
}
