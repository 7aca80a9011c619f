import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type MqttCredentials, MqttCredentialsSchema } from '@farola/protocol';
import { z } from 'zod';

const FileSchema = z.object({ credentials: z.record(z.string(), MqttCredentialsSchema) });

/**
 * The simulator's MQTT credentials by user name (a device's serial number or a gateway's id),
 * kept in a file so that a restart reuses them instead of rotating every password.
 */
export class CredentialsFile {
  private readonly credentials = new Map<string, MqttCredentials>();

  private constructor(private readonly file: string) {}

  /** Reads the file; a missing or unreadable one counts as empty (credentials are provisioned again). */
  static async open(file: string): Promise<CredentialsFile> {
    const store = new CredentialsFile(file);
    try {
      const parsed = FileSchema.safeParse(JSON.parse(await readFile(file, 'utf8')));
      if (parsed.success) for (const [name, value] of Object.entries(parsed.data.credentials)) store.set(name, value);
    } catch {
      // No file yet, or not ours: start empty.
    }
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

  /** Writes the file readable by its owner only, replacing it at once. */
  async save(): Promise<void> {
    await mkdir(path.dirname(this.file), { recursive: true });
    const temporary = `${this.file}.${process.pid}.tmp`;
    const body = JSON.stringify({ credentials: Object.fromEntries(this.credentials) }, null, 1);
    await writeFile(temporary, body, { mode: 0o600 });
    await rename(temporary, this.file);
  }
}
