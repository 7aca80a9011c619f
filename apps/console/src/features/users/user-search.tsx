import type { DirectoryUser } from '@farola/protocol';
import { Body1Strong, Caption1, Field, mergeClasses, SearchBox, Subtitle1 } from '@fluentui/react-components';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ListFooter, ListPlaceholder } from '@/components/list-states';
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
  const styles = useUserSearchStyles();
  const list = useRef<HTMLUListElement>(null);
  // 'Show more' hands the keyboard on to the first user it loaded.
  const focusFrom = useRef<number | null>(null);
  const { list: users } = search;
  const count = users.items.length;
  useEffect(() => {
    if (focusFrom.current === null || count <= focusFrom.current) return;
    list.current?.querySelectorAll('button')[focusFrom.current]?.focus();
    focusFrom.current = null;
  }, [count]);
  if (count === 0) {
    return (
      <ListPlaceholder state={users} texts={{ loadingLabel: t('search.loading'), emptyTitle: t('search.empty') }} />
    );
  }
  const paging = {
    ...users,
    showMore: () => {
      focusFrom.current = count;
      users.showMore();
    },
  };
  return (
    <>
      <ul ref={list} className={styles.list} aria-label={t('search.results')}>
        {users.items.map((user) => {
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
      <ListFooter paging={paging}>
        <Caption1 role="status">{t('search.count', { count: users.total ?? count })}</Caption1>
      </ListFooter>
    </>
  );
}
