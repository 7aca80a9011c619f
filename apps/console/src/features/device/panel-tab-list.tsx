import type React from 'react';
import {
  Menu,
  MenuButton,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Overflow,
  OverflowItem,
  Tab,
  TabList,
  useIsOverflowItemVisible,
  useOverflowMenu,
} from '@fluentui/react-components';
import { MoreHorizontalRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { usePanelTabListStyles } from './panel-tab-list.styles';
import type { PanelTab } from './panel-tabs';

/** Tabs kept in the row longest when the panel is narrow: the selected one, then the most used. */
const KEPT_VISIBLE: ReadonlySet<PanelTab> = new Set(['details', 'realTimeMeasures', 'eventsHistory']);
const priorityOf = (tab: PanelTab, selected: PanelTab) => (tab === selected ? 3 : KEPT_VISIBLE.has(tab) ? 2 : 1);

interface PanelTabListProps {
  tabs: readonly PanelTab[];
  selected: PanelTab;
  onSelect: (tab: PanelTab) => void;
}

function OverflowMenuItem({ tab, onSelect }: { tab: PanelTab; onSelect: (tab: PanelTab) => void }) {
  const { t } = useTranslation('device-detail');
  const isVisible = useIsOverflowItemVisible(tab);
  if (isVisible) return null;
  return (
    <MenuItem data-testid={`more-tab-${tab}`} onClick={() => onSelect(tab)}>
      {t(`tab.${tab}`)}
    </MenuItem>
  );
}

/** 'More tabs': the tabs that do not fit the panel's width. */
function OverflowMenu({ tabs, onSelect }: Omit<PanelTabListProps, 'selected'>) {
  const { t } = useTranslation('device-detail');
  const { ref, isOverflowing, overflowCount } = useOverflowMenu<HTMLButtonElement>();
  // Fluent types the slot ref loosely; the menu measures the button it renders.
  const buttonRef = ref as React.Ref<never>;
  if (!isOverflowing) return null;
  return (
    <Menu hasIcons={false}>
      <MenuTrigger disableButtonEnhancement>
        <MenuButton
          ref={buttonRef}
          appearance="transparent"
          icon={<MoreHorizontalRegular />}
          data-testid="more-tabs"
          aria-label={t('tabs.more', { count: overflowCount })}
        />
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          {tabs.map((tab) => (
            <OverflowMenuItem key={tab} tab={tab} onSelect={onSelect} />
          ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}

/**
 * The device's tabs in one row: those that do not fit the (narrow) panel go into a 'More tabs'
 * menu, and the selected one always stays in the row.
 */
export function PanelTabList({ tabs, selected, onSelect }: PanelTabListProps) {
  const { t } = useTranslation('device-detail');
  const styles = usePanelTabListStyles();
  return (
    <Overflow minimumVisible={2}>
      {/* The 'More tabs' button sits beside the tab list, not in it: a tablist may only hold tabs. */}
      <div className={styles.row}>
        <TabList
          size="small"
          selectedValue={selected}
          aria-label={t('tabs.label')}
          onTabSelect={(_event, data) => onSelect(data.value as PanelTab)}
        >
          {tabs.map((tab) => (
            <OverflowItem key={tab} id={tab} priority={priorityOf(tab, selected)}>
              <Tab value={tab} id={`tab-${tab}`} data-testid={`tab-${tab}`}>
                {t(`tab.${tab}`)}
              </Tab>
            </OverflowItem>
          ))}
        </TabList>
        <OverflowMenu tabs={tabs} onSelect={onSelect} />
      </div>
    </Overflow>
  );
}
