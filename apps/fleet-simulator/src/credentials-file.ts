import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type MqttCredentials, MqttCredentialsSchema } from '@farola/protocol';
import { z } from 'zod';

const FileSchema = z.object({
  installationId: z.string().optional(),
  credentials: z.record(z.string(), MqttCredentialsSchema),
});

/** Why a file's credentials were left unused: they were made for another database, or for one not named. */
export interface StaleCredentials {
  /** The installation id the file was written for; null for a file without one (an older simulator's). */
  madeFor: string | null;
  count: number;
}

/**
 * The simulator's MQTT credentials by user name (a device's serial number or a gateway's id),
 * kept in a file so that a restart reuses them instead of rotating every password. The file names
 * the database they were provisioned in (the server's installation id, `GET /v1/about`): a fresh
 * database never knew them, so a file made for another one is left unused and replaced.
 */
export class CredentialsFile {
  private readonly credentials = new Map<string, MqttCredentials>();
  /** The save waiting for the one being written; later saves join it. */
  private queued: Promise<void> | null = null;
  private lastSave: Promise<void> = Promise.resolve();

  private constructor(
    private readonly file: string,
    private readonly installationId: string,
    /** Set when the file held credentials of another database; null otherwise. */
    readonly stale: StaleCredentials | null,
  ) {}

  /**
   * Reads the file's credentials when it was made for this installation. A missing or unreadable
   * file counts as empty, one made for another database too (`stale` says so): they are provisioned again.
   */
  static async open(file: string, installationId: string): Promise<CredentialsFile> {
    const parsed = FileSchema.safeParse(await readJson(file));
    if (!parsed.success) return new CredentialsFile(file, installationId, null);
    const { installationId: madeFor = null, credentials } = parsed.data;
    const entries = Object.entries(credentials);
    if (madeFor !== installationId) {
      const stale = entries.length > 0 ? { madeFor, count: entries.length } : null;
      return new CredentialsFile(file, installationId, stale);
    }
    const store = new CredentialsFile(file, installationId, null);
    for (const [name, value] of entries) store.set(name, value);
    return store;
  }

  get(username: string): MqttCredentials | undefined {
    return this.credentials.get(username);
  }

  set(username: string, credentials: MqttCredentials): void {
    this.credentials.set(username, credentials);
  }

  delete(username: string): void {
    this.credentials.delete(username);
  }

  /**
   * Writes the file readable by its owner only, replacing it at once. Saves run one after another:
   * one asked for while another is being written waits for it, and saves asked for meanwhile share
   * that next write, which holds the credentials as they are when it starts.
   */
  save(): Promise<void> {
    if (this.queued) return this.queued;
    const next = this.lastSave.then(() => {
      this.queued = null;
      return this.write();
    });
    this.queued = next;
    this.lastSave = next.catch(() => undefined);
    return next;
  }

  private async write(): Promise<void> {
    const body = JSON.stringify(
      { installationId: this.installationId, credentials: Object.fromEntries(this.credentials) },
      null,
      1,
    );
    await mkdir(path.dirname(this.file), { recursive: true });
    // Unique per write, so that no other writer (another simulator, another store) renames it away.
    const temporary = `${this.file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFile(temporary, body, { mode: 0o600 });
      await rename(temporary, this.file);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }
}

/** The file's JSON; null when it is missing or not JSON. */
async function readJson(file: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(file, 'utf8'));
  } catch {
    return null;
  }
}
