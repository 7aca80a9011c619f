import type { QueuedRequest, QueuedRequestStatus } from '@farola/protocol';
import { useAtomValue, useStore } from 'jotai';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCodeMessage } from '@/lib/api/error-message';
import { deviceRequestIdsAtomFamily, ownRequestIdsAtom, requestAtomFamily } from './atoms';
import { useNotify } from './use-notify';

/** Toasts 'Operation success' or the translated error when a request sent from this tab ends. */
export function useRequestOutcomes(deviceId: string): void {
  const store = useStore();
  const ids = useAtomValue(deviceRequestIdsAtomFamily(deviceId));
  const notify = useNotify();
  const { t } = useTranslation('device');
  const { t: tErrors } = useTranslation('errors');
  const seen = useRef(new Map<string, QueuedRequestStatus>());

  useEffect(() => {
    const onChange = (request: QueuedRequest) => {
      const before = seen.current.get(request.id);
      seen.current.set(request.id, request.status);
      if (before !== 'IN_PROGRESS' || !store.get(ownRequestIdsAtom).has(request.id)) return;
      if (request.status === 'DONE') notify.success(t('commands.success'));
      if (request.status === 'ERROR') notify.error(errorCodeMessage(tErrors, request.error?.code ?? 'UNKNOWN_ERROR'));
    };
    const unsubscribes = ids.map((id) => {
      const atom = requestAtomFamily(id);
      const current = store.get(atom);
      if (current && !seen.current.has(id)) seen.current.set(id, current.status);
      return store.sub(atom, () => {
        const request = store.get(atom);
        if (request) onChange(request);
      });
    });
    return () => unsubscribes.forEach((unsubscribe) => unsubscribe());
  }, [ids, notify, store, t, tErrors]);
}
