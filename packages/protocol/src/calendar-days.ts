import type { z } from 'zod';
import { type CalendarRule, WEEKDAYS } from './scheduling';

/**
 * Which days a calendar's rules cover, and which rule decides a day. As in the TALQ data model the
 * rules are an ordered list and the order is their priority: on each day **the first rule that
 * covers it decides**. Exceptions (a holiday, a festival week) go above the rules they interrupt.
 * Days are day numbers: days since 1970-01-01, so `new Date(day * DAY_MS)` has that date in UTC.
 */

const DAY_MS = 86_400_000;
/** How far past a calendar's last date the reach check looks: every weekday on every date of two leap cycles. */
const REACH_YEARS = 8;

/** The day number of an ISO date 'YYYY-MM-DD'. */
export function dayOfIsoDate(date: string): number {
  return Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
}

/** 0 = Sunday, as `getUTCDay` counts (1970-01-01 was a Thursday). */
const weekdayOf = (day: number) => (day + 4) % 7;

/** Month × 100 + day of month. */
export function monthDayOf(day: number): number {
  const date = new Date(day * DAY_MS);
  return (date.getUTCMonth() + 1) * 100 + date.getUTCDate();
}

/** A rule as day numbers: the first and last day it may cover, and whether it covers a day. */
export interface RuleDays {
  readonly rule: CalendarRule;
  readonly first: number;
  /** Infinity for an open-ended rule. */
  readonly last: number;
  covers(day: number, monthDay?: number): boolean;
}

export function ruleDays(rule: CalendarRule): RuleDays {
  const first = dayOfIsoDate(rule.startDate);
  const end = rule.repetition === 'once' ? rule.startDate : rule.endDate;
  const last = end === undefined ? Number.POSITIVE_INFINITY : dayOfIsoDate(end);
  const inRange = (day: number) => day >= first && day <= last;
  switch (rule.repetition) {
    case 'once':
    case 'daily':
      return { rule, first, last, covers: inRange };
    case 'weekly': {
      // WEEKDAYS starts on Monday; Sunday is 0 here.
      const days = new Set(rule.weekdays.map((weekday) => (WEEKDAYS.indexOf(weekday) + 1) % 7));
      return { rule, first, last, covers: (day) => inRange(day) && days.has(weekdayOf(day)) };
    }
    case 'yearly': {
      const wanted = monthDayOf(first);
      return { rule, first, last, covers: (day, monthDay) => inRange(day) && (monthDay ?? monthDayOf(day)) === wanted };
    }
  }
}

/** The index of the rule that decides `day`: the first that covers it, or -1. */
export function decidingRule(rules: readonly RuleDays[], day: number): number {
  const monthDay = monthDayOf(day);
  return rules.findIndex((rule) => rule.covers(day, monthDay));
}

/**
 * Spec §5 rule conflicts: a rule that never decides a day — every day it covers is taken by a rule
 * above it — is refused (`calendar.error.ruleNeverApplies`, naming the rule above that covers its
 * first day), since the order the user gave would silently drop it. Looked at from each rule's
 * start to its end, or to eight years past the calendar's last date for an open-ended one.
 */
export function checkRuleReach(rules: readonly CalendarRule[], ctx: z.RefinementCtx): void {
  const prepared = rules.map(ruleDays);
  const horizon =
    Math.max(...prepared.map(({ first, last }) => (Number.isFinite(last) ? last : first))) + REACH_YEARS * 366;
  prepared.forEach((candidate, index) => {
    if (index === 0 || candidate.last < candidate.first) return;
    const above = prepared.slice(0, index);
    const until = Math.min(candidate.last, horizon);
    let firstCovered = -1;
    for (let day = candidate.first; day <= until; day += 1) {
      const monthDay = monthDayOf(day);
      if (!candidate.covers(day, monthDay)) continue;
      const taker = above.findIndex((rule) => rule.covers(day, monthDay));
      if (taker === -1) return;
      if (firstCovered === -1) firstCovered = taker;
    }
    if (firstCovered === -1) return;
    ctx.addIssue({
      code: 'custom',
      path: ['rules', index],
      message: `Rule ${index + 1} never applies: the rules above it cover every day it does`,
      params: { code: 'calendar.error.ruleNeverApplies', rule: index + 1, above: firstCovered + 1 },
    });
  });
}
