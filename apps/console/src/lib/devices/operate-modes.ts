import type { OperateMode } from '@farola/protocol';

/** Each operate mode's meaning (spec §4: supply and light), a key of namespace device-detail. */
export const OPERATE_MODE_KEYS: Record<OperateMode, string> = {
  '005': 'operateMode.005',
  '006': 'operateMode.006',
  '009': 'operateMode.009',
  '010': 'operateMode.010',
  '013': 'operateMode.013',
  '014': 'operateMode.014',
};
