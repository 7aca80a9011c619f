import { mergeClasses } from '@fluentui/react-components';
import { Link } from 'wouter';
import { useListNavStyles } from './list-nav.styles';

export interface ListNavItem {
  href: string;
  label: string;
  current: boolean;
}

/**
 * Links between lists (the device kinds, a kind's views), each with a URL of its own, the current
 * one marked. Not a tab list: each leads to another list, and there is no tab panel to control.
 */
export function ListNav({
  label,
  items,
  size = 'medium',
}: {
  label: string;
  items: ListNavItem[];
  size?: 'medium' | 'small';
}) {
  const styles = useListNavStyles();
  return (
    <nav aria-label={label}>
      <ul className={styles.list}>
        {items.map((item) => (
          <li key={item.href}>
            <Link
              href={item.href}
              className={mergeClasses(styles.link, size === 'small' && styles.small, item.current && styles.current)}
              aria-current={item.current ? 'page' : undefined}
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
