import {
  Menu,
  MenuButton,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  mergeClasses,
  Tab,
  TabList,
} from '@fluentui/react-components';
import { MoreHorizontalRegular } from '@fluentui/react-icons';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { usePanelTabListStyles } from './panel-tab-list.styles';
import type { PanelTab } from '@/lib/device-panel/panel-tabs';
import { useOverflowingTabs } from './use-tab-rows';

interface PanelTabListProps {
  tabs: readonly PanelTab[];
  selected: PanelTab;
  onSelect: (tab: PanelTab) => void;
}

/** 'More tabs': the tabs that do not fit the strip. */
function OverflowMenu({ tabs, onSelect }: Omit<PanelTabListProps, 'selected'>) {
  const { t } = useTranslation('device-detail');
  return (
    <Menu hasIcons={false}>
      <MenuTrigger disableButtonEnhancement>
        <MenuButton
          appearance="transparent"
          icon={<MoreHorizontalRegular />}
          data-testid="more-tabs"
          aria-label={t('tabs.more', { count: tabs.length })}
        />
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          {tabs.map((tab) => (
            <MenuItem key={tab} data-testid={`more-tab-${tab}`} onClick={() => onSelect(tab)}>
              {t(`tab.${tab}`)}
            </MenuItem>
          ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}

/**
 * The device's tabs, wrapped onto up to two rows; those that still do not fit go into a 'More
 * tabs' menu (the least used first), and the selected one always stays in the strip.
 */
export function PanelTabList({ tabs, selected, onSelect }: PanelTabListProps) {
  const { t } = useTranslation('device-detail');
  const styles = usePanelTabListStyles();
  const row = useRef<HTMLDivElement>(null);
  const labels = tabs.map((tab) => t(`tab.${tab}`));
  const hidden = useOverflowingTabs(row, tabs, selected, labels.join('\n'));
  return (
    // The 'More tabs' button sits beside the tab list, not in it: a tablist may only hold tabs.
    <div className={styles.row} ref={row}>
      <TabList
        size="small"
        className={styles.tabs}
        selectedValue={selected}
        aria-label={t('tabs.label')}
        onTabSelect={(_event, data) => onSelect(data.value as PanelTab)}
      >
        {tabs.map((tab, index) => (
          <Tab
            key={tab}
            value={tab}
            id={`tab-${tab}`}
            data-testid={`tab-${tab}`}
            data-tab={tab}
            // A tab in the menu keeps its width (to know when it fits again), out of sight and reach.
            className={mergeClasses(hidden.has(tab) && styles.hidden)}
          >
            {labels[index]}
          </Tab>
        ))}
      </TabList>
      {hidden.size > 0 && <OverflowMenu tabs={tabs.filter((tab) => hidden.has(tab))} onSelect={onSelect} />}
    </div>
  );
}
