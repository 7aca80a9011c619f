import { makeStyles, Menu, MenuItemLink, MenuList, MenuPopover, MenuTrigger, tokens } from '@fluentui/react-components';
import type { MouseEvent, ReactElement } from 'react';
import { useLocation } from 'wouter';

export interface MoreNavItem {
  path: string;
  label: string;
  current: boolean;
}

const useStyles = makeStyles({
  current: { color: tokens.colorBrandForeground1, fontWeight: tokens.fontWeightSemibold },
});

/** A plain click follows the link inside the console; a modified one (new tab, new window) is the browser's. */
function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.ctrlKey && !event.metaKey && !event.shiftKey && !event.altKey;
}

/**
 * The navigation links that do not fit the header, in a menu around its trigger. A chunk of its
 * own, loaded when the menu is first opened (see `MainNav`), which is why it opens as it mounts.
 */
export function MainNavMoreMenu({ trigger, items }: { trigger: ReactElement; items: readonly MoreNavItem[] }) {
  const [, navigate] = useLocation();
  const styles = useStyles();
  return (
    <Menu defaultOpen>
      <MenuTrigger disableButtonEnhancement>{trigger}</MenuTrigger>
      <MenuPopover>
        <MenuList>
          {items.map((item) => (
            <MenuItemLink
              key={item.path}
              href={`${import.meta.env.BASE_URL}${item.path.slice(1)}`}
              aria-current={item.current ? 'page' : undefined}
              className={item.current ? styles.current : undefined}
              onClick={(event) => {
                if (!isPlainClick(event)) return;
                event.preventDefault();
                navigate(item.path);
              }}
            >
              {item.label}
            </MenuItemLink>
          ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
