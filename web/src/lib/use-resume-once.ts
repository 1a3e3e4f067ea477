import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

/**
 * Carrying on after sign-in (docs/product-rules.md#roles-and-accounts): a page a visitor was sent
 * to sign in from comes back with `?{param}=…` in its address. Once the page passes `resume` (it
 * knows enough to carry on), the parameter leaves the address first, so that a reload or the Back
 * button never does it twice, and `resume` runs, once.
 */
export function useResumeOnce(param: string, resume: (() => void) | null): void {
  const [, setSearch] = useSearchParams();
  const done = useRef(false);
  useEffect(() => {
    if (done.current || !resume) return;
    done.current = true;
    setSearch(
      (params) => {
        params.delete(param);
        return params;
      },
      { replace: true },
    );
    resume();
  });
}
