import { makeStyles, Select, Tab, TabList, Title2, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { FilterField } from '@/components/list-controls';
import { useAllProjects } from '@/lib/api/projects';
import { Calendars } from './calendars';
import { ControlPrograms } from './control-programs';
import { Groups } from './groups';
import { SchedulingInterchange } from './talq-interchange';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    padding: `${tokens.spacingVerticalXL} ${tokens.spacingHorizontalXXL}`,
  },
  project: { maxWidth: '360px' },
});

const LISTS = ['programs', 'calendars', 'groups'] as const;
type List = (typeof LISTS)[number];

/**
 * Scheduling (spec §2 `scheduling`, §2 Groups): a project's control programs, each with its dimming
 * curve; its calendars, which pick a program for each day; and its groups, which run a calendar or a
 * program on their devices and send it to their light points.
 */
export function SchedulingPage() {
  const { t } = useTranslation('scheduling');
  const styles = useStyles();
  const { projects, isLoading } = useAllProjects();
  const [chosen, setChosen] = useState<string | undefined>();
  const [list, setList] = useState<List>('programs');
  const projectId = chosen ?? projects[0]?.id;
  return (
    <div className={styles.root}>
      <Title2 as="h1">{t('page.title')}</Title2>
      <FilterField id="scheduling-project" label={t('page.project')}>
        <Select
          id="scheduling-project"
          className={styles.project}
          value={projectId ?? ''}
          onChange={(_event, data) => setChosen(data.value)}
        >
          {projects.map((project) => (
            <option key={project.id} value={project.id}>
              {project.name}
            </option>
          ))}
        </Select>
      </FilterField>
      {projectId !== undefined && (
        <SchedulingInterchange
          projectId={projectId}
          projectName={projects.find((project) => project.id === projectId)?.name ?? ''}
        />
      )}
      <TabList
        selectedValue={list}
        aria-label={t('page.lists')}
        onTabSelect={(_event, selected) => setList(LISTS.find((name) => name === selected.value) ?? 'programs')}
      >
        {LISTS.map((name) => (
          <Tab key={name} value={name} id={`scheduling-${name}`}>
            {t(`${name}.title`)}
          </Tab>
        ))}
      </TabList>
      <div role="tabpanel" aria-labelledby={`scheduling-${list}`}>
        {projectId === undefined ? (
          !isLoading && <EmptyState title={t('page.noProject')} />
        ) : list === 'programs' ? (
          <ControlPrograms key={projectId} projectId={projectId} />
        ) : list === 'calendars' ? (
          <Calendars key={projectId} projectId={projectId} />
        ) : (
          <Groups key={projectId} projectId={projectId} />
        )}
      </div>
    </div>
  );
}
