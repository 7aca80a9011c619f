import { z } from 'zod';

/**
 * Light point operate modes (spec §4): supply is uninterruptible or by the cabinet controller;
 * light dims by curve, is off, or is on at 100%.
 */
export const OperateModeSchema = z.enum(['005', '006', '009', '010', '013', '014']);
export type OperateMode = z.infer<typeof OperateModeSchema>;
export const OPERATE_MODES = OperateModeSchema.options;

export type OperateModeSupply = 'uninterruptible' | 'cabinet';
export type OperateModeLight = 'curve' | 'off' | 'full';

export const OPERATE_MODE_TABLE: Record<OperateMode, { supply: OperateModeSupply; light: OperateModeLight }> = {
  '005': { supply: 'uninterruptible', light: 'curve' },
  '006': { supply: 'cabinet', light: 'curve' },
  '009': { supply: 'uninterruptible', light: 'off' },
  '010': { supply: 'cabinet', light: 'off' },
  '013': { supply: 'uninterruptible', light: 'full' },
  '014': { supply: 'cabinet', light: 'full' },
};

/** Cabinet controller output modes (spec §4); an absent mode reads 'Not defined'. */
export const OutputModeSchema = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);
export type OutputMode = z.infer<typeof OutputModeSchema>;
export const OUTPUT_MODE_NAMES: Record<OutputMode, 'astro' | 'user' | 'manual' | 'maintenance'> = {
  0: 'astro',
  1: 'user',
  2: 'manual',
  3: 'maintenance',
};

/** Manual output mode lasts at most this long unless 'Restore calendar' runs sooner (spec §9). */
export const MANUAL_MODE_MAX_HOURS = 6;
