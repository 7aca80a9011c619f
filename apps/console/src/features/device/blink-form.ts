import { BLINK_LIMITS, type FieldIssue } from '@farola/protocol';

export type BlinkField = keyof typeof BLINK_LIMITS;
export type BlinkValues = Record<BlinkField, string>;
export type BlinkProblem = { rule: FieldIssue['rule']; limit?: number };

export const BLINK_DEFAULTS: BlinkValues = {
  count: String(BLINK_LIMITS.count.default),
  cycleSeconds: String(BLINK_LIMITS.cycleSeconds.default),
};

/** The problem with one blink field's text, or null when it is a whole number within BLINK_LIMITS. */
export function blinkFieldProblem(field: BlinkField, text: string): BlinkProblem | null {
  const { min, max } = BLINK_LIMITS[field];
  if (text.trim() === '') return { rule: 'required' };
  const value = Number(text);
  if (!Number.isInteger(value)) return { rule: 'type' };
  if (value < min) return { rule: 'min', limit: min };
  if (value > max) return { rule: 'max', limit: max };
  return null;
}

/** The blink parameters when both fields are valid, else null. */
export function blinkParams(values: BlinkValues): { count: number; cycleSeconds: number } | null {
  if (blinkFieldProblem('count', values.count) || blinkFieldProblem('cycleSeconds', values.cycleSeconds)) return null;
  return { count: Number(values.count), cycleSeconds: Number(values.cycleSeconds) };
}
