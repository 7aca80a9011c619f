import { useLocation } from 'wouter';

/**
 * Writes a list's filters into the page's query, in place (no new history entry), leaving out
 * what is empty: the filters then survive a reload and can be shared.
 *
 * @example
 * const setSearch = useReplaceSearch();
 * setSearch({ status: 'DONE', q: undefined }); // '?status=DONE'
 */
export function useReplaceSearch(): (values: Record<string, string | undefined>) => void {
  const [location, navigate] = useLocation();
  return (values) => {
    const next = new URLSearchParams();
    for (const [key, value] of Object.entries(values)) if (value !== undefined && value !== '') next.set(key, value);
    navigate(next.size > 0 ? `${location}?${next.toString()}` : location, { replace: true });
  };
}
