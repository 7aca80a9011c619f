import type { JobLocator } from '../../realtime/socket-server';
import type { JobRepository } from './job.repository';

/** How many jobs' projects are kept; the oldest read are forgotten first (and read again when asked for). */
const KEPT = 10_000;

/**
 * The projects of the jobs the sockets ask about, read from the database and kept: a job's
 * projects never change, so a kept answer stays true whichever process created the job. Who may
 * follow a job's stream is whoever sees all of them.
 */
export class JobOwners implements JobLocator {
  private readonly known = new Map<string, readonly string[]>();

  constructor(private readonly repository: Pick<JobRepository, 'projectsOf'>) {}

  async loadJobs(jobIds: readonly string[]): Promise<void> {
    const missing = [...new Set(jobIds)].filter((id) => !this.known.has(id));
    if (missing.length === 0) return;
    for (const [id, projectIds] of await this.repository.projectsOf(missing)) this.remember(id, projectIds);
  }

  projectsOfJob(jobId: string): readonly string[] | undefined {
    return this.known.get(jobId);
  }

  /** A job just created here: its projects are known without a read. */
  remember(jobId: string, projectIds: readonly string[]): void {
    this.known.delete(jobId);
    this.known.set(jobId, projectIds);
    if (this.known.size > KEPT) this.known.delete(this.known.keys().next().value!);
  }
}
