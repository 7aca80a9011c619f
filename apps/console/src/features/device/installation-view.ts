import { INSTALLATION_STEPS, type InstallationStep, type QueuedRequest } from '@farola/protocol';

export type StepState = 'done' | 'current' | 'failed' | 'pending';

/** What the installation panel shows of an `install` request. */
export interface InstallationView {
  /** The headline: a translation key (namespace device-detail, or `errors:` for a failure) and its values. */
  headline: { key: string; values?: Record<string, number> };
  /** Each step of spec §4, in order, with how far the installation got. */
  steps: { step: InstallationStep; state: StepState }[];
  /** The passing fault that ended the previous attempt while the device retries, as an error code. */
  retryAfter: string | null;
  running: boolean;
}

/**
 * The installation's progress as the device reports it in the request's `detail`: 'Installation
 * started' at the first step of the first attempt, then 'Installation in progress ({attempt})';
 * on ERROR the failure's message (errors.json), the step it stopped at marked failed.
 *
 * @example
 * installationView({ status: 'IN_PROGRESS', detail: { step: 'identify', attempt: 2 }, … }).headline;
 * // { key: 'installation.inProgress', values: { attempt: 2 } }
 */
export function installationView(request: Pick<QueuedRequest, 'status' | 'detail' | 'error'>): InstallationView {
  const step = request.detail?.step;
  const attempt = request.detail?.attempt ?? 1;
  const current = step === undefined ? -1 : INSTALLATION_STEPS.indexOf(step);
  const stateAt = (index: number): StepState => {
    if (request.status === 'DONE') return 'done';
    if (index < current) return 'done';
    if (index === current) return request.status === 'ERROR' ? 'failed' : 'current';
    return 'pending';
  };
  const steps = INSTALLATION_STEPS.map((name, index) => ({ step: name, state: stateAt(index) }));
  const running = request.status === 'IN_PROGRESS';
  return {
    headline: headlineOf(request, current, attempt),
    steps,
    retryAfter: running ? (request.detail?.failure ?? null) : null,
    running,
  };
}

function headlineOf(
  request: Pick<QueuedRequest, 'status' | 'error'>,
  current: number,
  attempt: number,
): InstallationView['headline'] {
  switch (request.status) {
    case 'IN_PROGRESS':
      return current <= 0 && attempt === 1
        ? { key: 'installation.started' }
        : { key: 'installation.inProgress', values: { attempt } };
    case 'DONE':
      return { key: 'installation.done' };
    case 'CANCELLED':
      return { key: 'installation.cancelled' };
    case 'ERROR':
      return { key: `errors:${request.error?.code ?? 'INSTALLATION_UNKNOWN_ERROR'}` };
  }
}
