import { type ProgramInterval } from './scheduling';
import { type ControlProgramEdit, ControlProgramEditSchema } from './scheduling-api';
import { minutesFromNoon, type TalqCommand } from './talq';
import { type Findings, type ParsedProgram, TALQ_REFUSALS } from './talq-findings';

/**
 * A TALQ `ControlProgramOne` read back into a Farola program (docs/talq-interchange.md, "Control
 * programs"): its fixed-time and astro-clock controls become intervals, in night order.
 */

/** Where an interval came from, and where its start, level and fading time sit there. */
interface Origin {
  path: string;
  start: string;
}

const INTERVAL_FIELDS: Record<string, string> = {
  dimming: 'command.state.value',
  fadingMinutes: 'command.rampToLevelTime',
};

function readCommand(command: TalqCommand, at: string, findings: Findings) {
  let dimming: number | null = null;
  const { state } = command;
  if (state.name === 'LevelState' || state.name === 'BooleanState') {
    if (state.value === undefined) {
      findings.refuse(`${at}.state.value`, TALQ_REFUSALS.levelMissing, 'The state sets no value');
    } else dimming = typeof state.value === 'boolean' ? (state.value ? 100 : 0) : state.value;
  } else {
    findings.refuse(`${at}.state.name`, TALQ_REFUSALS.state, `Farola sets light levels only, not a ${state.name}`, {
      state: state.name,
    });
  }
  const ramp = command.rampToLevelTime ?? 0;
  if (ramp % 60 !== 0) {
    findings.refuse(`${at}.rampToLevelTime`, TALQ_REFUSALS.ramp, 'Fading times are whole minutes', { seconds: ramp });
  }
  if ((command.rampFromLevelTime ?? 0) > 0) {
    findings.refuse(`${at}.rampFromLevelTime`, TALQ_REFUSALS.rampFrom, 'Farola fades towards a level only');
  }
  return { dimming, fadingMinutes: ramp / 60 };
}

/** Where an interval stands in a night with sunset at 18:00 and sunrise at 06:00: the order an import lists them in. */
function nightPosition(start: ProgramInterval['start']): [number, number] {
  if (typeof start === 'string') return [minutesFromNoon(start), 1];
  return start.sun === 'sunset' ? [6 * 60 + start.offsetMinutes, 0] : [18 * 60 + start.offsetMinutes, 2];
}

function readIntervals(program: ParsedProgram, at: string, findings: Findings) {
  const placed: { interval: ProgramInterval; origin: Origin }[] = [];
  program.fixedTimeControls.forEach((control, index) => {
    const path = `${at}.fixedTimeControls.${index}`;
    const [hours = '', minutes = '', seconds = '00'] = control.startTime.split(':');
    if (seconds !== '00') {
      findings.refuse(`${path}.startTime`, TALQ_REFUSALS.seconds, 'Start times are whole minutes', {
        time: control.startTime,
      });
    }
    const { dimming, fadingMinutes } = readCommand(control.command, `${path}.command`, findings);
    if (dimming === null) return;
    const interval = { start: `${hours}:${minutes}`, dimming, fadingMinutes };
    placed.push({ interval, origin: { path, start: 'startTime' } });
  });
  (program.astroClockTimeControls ?? []).forEach((control, index) => {
    const path = `${at}.astroClockTimeControls.${index}`;
    if (control.operation !== 'Set') {
      findings.refuse(`${path}.operation`, TALQ_REFUSALS.operation, 'A sun-relative start sets its level', {
        operation: control.operation,
      });
    }
    const { dimming, fadingMinutes } = readCommand(control.command, `${path}.command`, findings);
    if (dimming === null) return;
    const start = { sun: control.solarEventType, offsetMinutes: control.offset };
    placed.push({ interval: { start, dimming, fadingMinutes }, origin: { path, start: 'offset' } });
  });
  const ordered = placed
    .map((entry) => ({ ...entry, at: nightPosition(entry.interval.start) }))
    .toSorted((a, b) => a.at[0] - b.at[0] || a.at[1] - b.at[1]);
  return { intervals: ordered.map((entry) => entry.interval), origins: ordered.map((entry) => entry.origin) };
}

export function readProgram(program: ParsedProgram, at: string, findings: Findings): ControlProgramEdit | null {
  const before = findings.issues.length;
  if (program.type !== 'ControlProgramOne') {
    findings.refuse(`${at}.type`, TALQ_REFUSALS.programType, 'Only ControlProgramOne programs', { type: program.type });
  }
  if (program.activePeriods.length > 0) {
    findings.refuse(`${at}.activePeriods.0`, TALQ_REFUSALS.activePeriod, 'Farola programs run the whole day');
  }
  if ((program.dynamicControls ?? []).length > 0) {
    findings.refuse(`${at}.dynamicControls.0`, TALQ_REFUSALS.dynamicControl, 'Farola programs follow no sensor');
  }
  const { intervals, origins } = readIntervals(program, at, findings);
  if (findings.issues.length > before) return null;
  const namePath = program.name === undefined ? `${at}.id` : `${at}.name`;
  const parsed = ControlProgramEditSchema.safeParse({ name: program.name ?? program.id, intervals });
  if (parsed.success) return parsed.data;
  findings.relocate(
    parsed.error,
    (path) => {
      const [field, index, part] = path.split('.');
      if (field === 'name') return namePath;
      const origin = origins[Number(index)];
      if (field !== 'intervals' || !origin) return `${at}.fixedTimeControls`;
      if (part === undefined) return origin.path;
      return `${origin.path}.${part === 'start' ? origin.start : (INTERVAL_FIELDS[part] ?? part)}`;
    },
    // A fading time's bound is in minutes; the document's ramp is in seconds.
    (issue) =>
      issue.path.endsWith('rampToLevelTime') && issue.limit !== undefined
        ? { ...issue, limit: issue.limit * 60 }
        : issue,
  );
  return null;
}
