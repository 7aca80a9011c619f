import type { DirectoryUser } from '@farola/protocol';
import {
  Body1Strong,
  Button,
  Caption1,
  Field,
  mergeClasses,
  MessageBar,
  MessageBarBody,
  SearchBox,
  Spinner,
  Subtitle1,
} from '@fluentui/react-components';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { errorMessage } from '@/lib/api/error-message';
import { formatDateTime } from '@/lib/format/format-value';
import { useUserSearchStyles } from './user-search.styles';
import { useUserSearch } from './use-user-search';

interface UserSearchProps {
  selectedId: string | undefined;
  onSelect: (user: DirectoryUser) => void;
}

/** 'Find user': a search box and the matching users, each a button that selects it. */
export function UserSearch({ selectedId, onSelect }: UserSearchProps) {
  const { t } = useTranslation('users');
  const styles = useUserSearchStyles();
  const search = useUserSearch();
  const headingId = useId();
  return (
    <section className={styles.root} aria-labelledby={headingId}>
      <Subtitle1 as="h2" id={headingId} className={styles.heading}>
        {t('search.title')}
      </Subtitle1>
      <Field label={t('search.label')}>
        <SearchBox
          data-testid="user-search"
          placeholder={t('search.placeholder')}
          dismiss={{ 'aria-label': t('search.clear') }}
          value={search.text}
          onChange={(_event, data) => search.setText(data.value)}
        />
      </Field>
      <SearchResults search={search} selectedId={selectedId} onSelect={onSelect} />
    </section>
  );
}

function SearchResults({
  search,
  selectedId,
  onSelect,
}: UserSearchProps & { search: ReturnType<typeof useUserSearch> }) {
  const { t, i18n } = useTranslation('users');
  const { t: tErrors } = useTranslation('errors');
  const styles = useUserSearchStyles();
  const list = useRef<HTMLUListElement>(null);
  // 'Show more' hands the keyboard on to the first user it loaded.
  const focusFrom = useRef<number | null>(null);
  const count = search.users.length;
  useEffect(() => {
    if (focusFrom.current === null || count <= focusFrom.current) return;
    list.current?.querySelectorAll('button')[focusFrom.current]?.focus();
    focusFrom.current = null;
  }, [count]);
  if (search.error && search.users.length === 0) {
    return (
      <MessageBar intent="error">
        <MessageBarBody>{errorMessage(tErrors, search.error)}</MessageBarBody>
        <Button appearance="transparent" onClick={search.retry}>
          {t('search.retry')}
        </Button>
      </MessageBar>
    );
  }
  if (search.isLoading) return <Spinner size="small" label={t('search.loading')} />;
  if (search.users.length === 0) return <EmptyState title={t('search.empty')} />;
  return (
    <>
      <ul ref={list} className={styles.list} aria-label={t('search.results')}>
        {search.users.map((user) => {
          const selected = user.id === selectedId;
          const fullName = `${user.givenName} ${user.familyName}`.trim();
          return (
            <li key={user.id}>
              <button
                type="button"
                data-testid="user-result"
                className={mergeClasses(styles.result, styles.focus, selected && styles.selected)}
                aria-current={selected ? 'true' : undefined}
                onClick={() => onSelect(user)}
              >
                <Body1Strong>{user.username}</Body1Strong>
                {fullName !== '' && <Caption1 className={styles.secondary}>{fullName}</Caption1>}
                {user.email !== '' && <Caption1 className={styles.secondary}>{user.email}</Caption1>}
                <Caption1 className={styles.secondary}>
                  {user.lastSeenAt === null
                    ? t('search.neverSeen')
                    : t('search.lastSeen', { date: formatDateTime(user.lastSeenAt, i18n.language) })}
                </Caption1>
              </button>
            </li>
          );
        })}
      </ul>
      <div className={styles.footer}>
        <Caption1 role="status">{t('search.count', { count: search.total })}</Caption1>
        {search.hasMore && (
          <Button
            onClick={() => {
              focusFrom.current = count;
              search.showMore();
            }}
            disabled={search.isFetchingMore}
          >
            {t('search.showMore')}
          </Button>
        )}
      </div>
    </>
  );
}
