import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/api/error-message';
import { useNotify } from '@/lib/notifications/use-notify';

/** A write changes what the other list shows too (how many calendars use a program): both are read again. */
export function useSchedulingReload() {
  const queries = useQueryClient();
  return () =>
    Promise.all([
      queries.invalidateQueries({ queryKey: ['calendars'] }),
      queries.invalidateQueries({ queryKey: ['control-programs'] }),
      queries.invalidateQueries({ queryKey: ['groups'] }),
    ]);
}

/**
 * A write started from a list's row (duplicate, make default, delete): its success told in a toast
 * and the lists read again; its failure told in the user's language ('Default calendar can not be
 * deleted').
 */
export function useSchedulingMutation<A, R>(write: (argument: A) => Promise<R>, success: (result: R) => string) {
  const { t: tErrors } = useTranslation('errors');
  const notify = useNotify();
  const reload = useSchedulingReload();
  return useMutation({
    mutationFn: write,
    onSuccess: (result) => {
      notify.success(success(result));
      void reload();
    },
    onError: (error) => notify.error(errorMessage(tErrors, error)),
  });
}

/**
 * The save of an editor: on success a toast, the lists read again and `done`; a failure is thrown
 * back as its message in the user's language, for the editor to show beside the fields.
 */
export function useSchedulingSave() {
  const { t: tErrors } = useTranslation('errors');
  const notify = useNotify();
  const reload = useSchedulingReload();
  return async <R>(write: () => Promise<R>, success: (result: R) => string, done: () => void) => {
    let result: R;
    try {
      result = await write();
    } catch (error) {
      throw new Error(errorMessage(tErrors, error));
    }
    notify.success(success(result));
    done();
    void reload();
  };
}
