import { Body1, Subtitle2 } from '@fluentui/react-components';
import { DocumentDismissRegular } from '@fluentui/react-icons';
import type { ReactNode } from 'react';
import { useEmptyStateStyles } from './empty-state.styles';

export interface EmptyStateProps {
  title: string;
  description?: ReactNode;
}

/** What a list or screen shows when it has nothing to show; says so plainly rather than faking content. */
export function EmptyState({ title, description }: EmptyStateProps) {
  const styles = useEmptyStateStyles();
  return (
    <div className={styles.root} role="status" data-testid="empty-state">
      <DocumentDismissRegular className={styles.icon} aria-hidden />
      <Subtitle2>{title}</Subtitle2>
      {description !== undefined && <Body1>{description}</Body1>}
    </div>
  );
}
