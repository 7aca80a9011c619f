import type { DeviceGroup } from '@farola/protocol';
import { useTranslation } from 'react-i18next';
import { SelectFilter } from '@/components/list-controls';

interface GroupFilterProps {
  groups: readonly DeviceGroup[];
  isLoading: boolean;
  /** The list's project filter: only its groups are offered, named without it. */
  projectId: string | undefined;
  projectNames: ReadonlyMap<string, string>;
  value: string | undefined;
  onChange: (groupId: string | undefined) => void;
}

/**
 * The inventory lists' Group filter (spec §2: search by group): the groups of the list's project, or
 * of every project the user sees, each then named with its project. A group in the URL that is not
 * among them (being loaded, or deleted since) stays chosen, so the choice shown is the one applied.
 */
export function GroupFilter({ groups, isLoading, projectId, projectNames, value, onChange }: GroupFilterProps) {
  const { t } = useTranslation('inventory');
  const nameOf = (group: DeviceGroup) => (group.isDefault ? t('list.defaultGroup') : group.name);
  const options = groups
    .filter((group) => projectId === undefined || group.projectId === projectId)
    .map((group) => ({
      value: group.id,
      label:
        projectId === undefined
          ? t('list.groupInProject', { group: nameOf(group), project: projectNames.get(group.projectId) ?? '' })
          : nameOf(group),
    }));
  if (value !== undefined && !options.some((option) => option.value === value)) {
    options.unshift({ value, label: isLoading ? '…' : t('list.groupNotFound') });
  }
  return (
    <SelectFilter
      id="filter-group"
      label={t('list.group')}
      allLabel={t('list.all')}
      value={value}
      options={options}
      onChange={onChange}
    />
  );
}
