import { Button, Caption1, MessageBar, MessageBarActions, MessageBarBody, Spinner } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/api/error-message';
import type { CursorList } from '@/lib/query/use-cursor-list';
import { EmptyState } from './empty-state';
import { useListStatesStyles } from './list-states.styles';

/** The state of a list that may still be loading or may have failed (a `CursorList` fits). */
export type ListLoadState = Pick<CursorList<unknown>, 'isLoading' | 'error' | 'retry'>;

/** What a list says about itself when it has nothing to show yet: failed, loading or empty. */
export interface ListTexts {
  /** Said while the first rows are on their way ('Loading…' otherwise). */
  loadingLabel?: string | undefined;
  /** Said when the list has no rows ('No data available' otherwise). */
  emptyTitle?: string | undefined;
  emptyDescription?: ReactNode;
}

/**
 * What stands in place of a list's rows while it has none: why it failed with 'Try again', a
 * spinner while the first page loads, or its empty state.
 */
export function ListPlaceholder({ state, texts = {} }: { state: ListLoadState; texts?: ListTexts }) {
  const { t } = useTranslation('common');
  if (state.error) return <ListError error={state.error} onRetry={state.retry} />;
  if (state.isLoading) return <Spinner label={texts.loadingLabel ?? t('list.loading')} />;
  return <EmptyState title={texts.emptyTitle ?? t('list.empty')} description={texts.emptyDescription} />;
}

/** A list's failure, in the user's language, with a way to try again. */
export function ListError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { t } = useTranslation('common');
  const { t: tErrors } = useTranslation('errors');
  return (
    <MessageBar intent="error" data-testid="list-error">
      <MessageBarBody>{errorMessage(tErrors, error)}</MessageBarBody>
      <MessageBarActions>
        <Button onClick={onRetry}>{t('action.retry')}</Button>
      </MessageBarActions>
    </MessageBar>
  );
}

/** The part of a paged list's state its footer shows. */
export type ListPaging = Pick<CursorList<unknown>, 'hasMore' | 'isFetchingMore' | 'showMore' | 'error'>;

/**
 * Under a paged list (spec §2 'Show more' / 'No more data'): 'Show more' while the server has
 * more, 'No more data' (or `endLabel`) once it has not; a next page that failed says why, and
 * 'Show more' asks for it again. `children` sit at the other end (items per page, a count).
 */
export function ListFooter(props: { paging: ListPaging; endLabel?: string | undefined; children?: ReactNode }) {
  const { paging, endLabel, children } = props;
  const { t } = useTranslation('common');
  const { t: tErrors } = useTranslation('errors');
  const styles = useListStatesStyles();
  return (
    <div className={styles.footer} data-testid="list-footer">
      <div className={styles.more}>
        {paging.hasMore ? (
          <Button onClick={paging.showMore} disabled={paging.isFetchingMore}>
            {t('list.showMore')}
          </Button>
        ) : (
          <Caption1>{endLabel ?? t('list.noMore')}</Caption1>
        )}
        {paging.error && (
          <Caption1 role="alert" className={styles.error}>
            {errorMessage(tErrors, paging.error)}
          </Caption1>
        )}
      </div>
      {children}
    </div>
  );
}
