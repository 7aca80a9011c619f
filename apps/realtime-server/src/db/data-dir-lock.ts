import path from 'node:path';
import lockfile from 'proper-lockfile';

/** The lock inside the data folder: a directory whose modification time its holder keeps fresh. */
export const DATA_DIR_LOCK = 'farola.lock';

/** A lock not refreshed for this long was left by a process that no longer runs (killed, crashed). */
const STALE_MS = 10_000;

/** Why the embedded database did not open: another process has its folder. */
export class DataDirInUseError extends Error {
  constructor(dataDir: string) {
    super(
      `DATA_DIR ${dataDir} is in use by another Farola server (or one still stopping): stop it, or give this one ` +
        `its own DATA_DIR. Two servers on one embedded database would corrupt it.`,
    );
    this.name = 'DataDirInUseError';
  }
}

/**
 * Takes the embedded database's folder for this process, or throws DataDirInUseError when another
 * process holds it. PGlite has no lock of its own (its postmaster.pid names no real process): a
 * second server started on the same folder — a restart racing the previous process's shutdown
 * checkpoint, `npm start` run twice — would open it too, and the two would leave it unreadable
 * ('could not locate a valid checkpoint record'). A lock left by a killed process goes stale after
 * 10 s. Resolves to the function that releases it.
 *
 * @example
 * const release = await lockDataDir('.data'); // … await release();
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  try {
    return await lockfile.lock(dataDir, {
      lockfilePath: path.join(dataDir, DATA_DIR_LOCK),
      stale: STALE_MS,
      realpath: false,
      // A lock that could not be kept fresh (the event loop stalled past STALE_MS) is reported;
      // stopping the server then would lose more than it saves.
      onCompromised: (error) => console.error(error),
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') throw new DataDirInUseError(dataDir);
    throw error;
  }
}
