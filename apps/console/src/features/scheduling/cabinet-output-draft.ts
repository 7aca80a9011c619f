import {
  COMMAND_PARAMS,
  type CommandRequest,
  type FieldIssue,
  type FixedScheduleRule,
  MAX_FIXED_SCHEDULE_RULES,
  type OutputSchedule,
  toFieldIssues,
  type Vendor,
} from '@farola/protocol';

/** The time the first fixed rule starts at: it gives the output's state from midnight (spec §9). */
export const FIRST_RULE_TIME = '00:00';

/** One fixed rule as the dialog holds it: as typed. */
export interface OutputRuleDraft {
  key: number;
  time: string;
  dimming: string;
}

/** What the 'Edit schedule' dialog holds for one output: both kinds, so switching kind loses nothing. */
export interface OutputScheduleDraft {
  kind: OutputSchedule['kind'];
  rules: OutputRuleDraft[];
  sunsetOffset: string;
  sunriseOffset: string;
}

/** What a fixed schedule starts with when the output runs none: on overnight, off by day. */
const NEW_RULES: readonly FixedScheduleRule[] = [
  { time: FIRST_RULE_TIME, dimming: 100 },
  { time: '07:00', dimming: 0 },
  { time: '19:00', dimming: 100 },
];

let nextKey = 0;
const ruleDraft = (rule: FixedScheduleRule): OutputRuleDraft => ({
  key: (nextKey += 1),
  time: rule.time,
  dimming: String(rule.dimming),
});

/**
 * The draft of what an output runs now: its reported schedule, or three rules and no offsets when it
 * reports none; fixed when the family offers no astronomical schedule.
 */
export function outputScheduleDraft(schedule: OutputSchedule | undefined, astroOffered: boolean): OutputScheduleDraft {
  const astro = schedule?.kind === 'astro' ? schedule : undefined;
  return {
    kind: astro && astroOffered ? 'astro' : 'fixed',
    rules: (schedule?.kind === 'fixed' ? schedule.rules : NEW_RULES).map(ruleDraft),
    sunsetOffset: String(astro?.sunsetOffsetMinutes ?? 0),
    sunriseOffset: String(astro?.sunriseOffsetMinutes ?? 0),
  };
}

/** How many fixed rules a cabinet of the family holds (spec §9: 6 for one family, 4 for the other). */
export const ruleLimit = (vendor: Vendor) => MAX_FIXED_SCHEDULE_RULES[vendor];

const minutesOf = (time: string) => {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  return match ? Number(match[1]) * 60 + Number(match[2]) : Number.NaN;
};
const timeOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * The rules with one more at the end, while the family holds more: an hour after the last (at
 * most 23:59), switching the other way, so a new row is a plausible start the user adjusts.
 */
export function addRule(rules: readonly OutputRuleDraft[], vendor: Vendor): OutputRuleDraft[] {
  if (rules.length >= ruleLimit(vendor)) return [...rules];
  const last = rules.at(-1);
  const after = minutesOf(last?.time ?? FIRST_RULE_TIME);
  const time = timeOf(Math.min(23 * 60 + 59, (Number.isNaN(after) ? 0 : after) + 60));
  return [...rules, ruleDraft({ time, dimming: last?.dimming === '0' ? 100 : 0 })];
}

/** The rules without one; the first, which holds from 00:00, stays. */
export function removeRule(rules: readonly OutputRuleDraft[], key: number): OutputRuleDraft[] {
  return rules.filter((rule, index) => index === 0 || rule.key !== key);
}

/** A typed number, or NaN for anything that is not a whole number (the schema then says why). */
const whole = (text: string) => (/^-?\d+$/.test(text.trim()) ? Number(text) : Number.NaN);

/** The finding of more rules than the family holds, with the catalogue's code the server answers with. */
function tooManyRules(limit: number): FieldIssue {
  return {
    path: 'rules',
    rule: 'max',
    limit,
    code: 'FIXED_SCHEDULE_TOO_MANY_RULES',
    params: { limit },
    message: `Up to ${limit} rules for this vendor family`,
  };
}

/**
 * The command the draft stands for, for `output` of a cabinet of `vendor`, or its problems by field
 * path (`rules`, `rules.1.time`, `sunsetOffsetMinutes` …) as the server would find them, the
 * family's limit of rules among them.
 *
 * @example
 * checkOutputSchedule(draft, 'vega', 2); // { value: { command: 'createCalendar', params: { rules, output: 2 } }, issues: [] }
 */
export function checkOutputSchedule(
  draft: OutputScheduleDraft,
  vendor: Vendor,
  output: number,
): { value: CommandRequest | null; issues: FieldIssue[] } {
  if (draft.kind === 'astro') {
    const parsed = COMMAND_PARAMS.createAstroCalendar.safeParse({
      sunsetOffsetMinutes: whole(draft.sunsetOffset),
      sunriseOffsetMinutes: whole(draft.sunriseOffset),
      output,
    });
    return parsed.success
      ? { value: { command: 'createAstroCalendar', params: parsed.data }, issues: [] }
      : { value: null, issues: toFieldIssues(parsed.error) };
  }
  const rules = draft.rules.map((rule) => ({ time: rule.time, dimming: whole(rule.dimming) }));
  const parsed = COMMAND_PARAMS.createCalendar.safeParse({ rules, output });
  const limit = ruleLimit(vendor);
  const overLimit = rules.length > limit ? [tooManyRules(limit)] : [];
  if (parsed.success && overLimit.length === 0) {
    return { value: { command: 'createCalendar', params: parsed.data }, issues: [] };
  }
  return { value: null, issues: [...overLimit, ...(parsed.success ? [] : toFieldIssues(parsed.error))] };
}
