/**
 * The simulator's control interface from the command line: `npm run sim -- help`. A thin client of
 * the HTTP API (control-server.ts) at SIM_CONTROL_URL.
 */
import { type CliRequest, parseCommand, USAGE, UsageError } from './cli-args';
import { format } from './cli-format';

const DEFAULT_URL = 'http://127.0.0.1:8090';

/** The simulator said no (exit code 1), with its message and the issues it found. */
class Refused extends Error {}

function describeIssues(issues: unknown): string[] {
  if (!Array.isArray(issues)) return [];
  return issues.map((issue: { path?: unknown[]; message?: string }) => {
    const where = Array.isArray(issue.path) && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
    return `  ${where}${issue.message ?? JSON.stringify(issue)}`;
  });
}

async function send(base: string, request: CliRequest): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(new URL(request.path, base), {
      method: request.method,
      headers: { 'content-type': 'application/json' },
      ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
    });
  } catch (error) {
    const { cause } = error as { cause?: { code?: string; message?: string } };
    const reason = cause?.code ?? cause?.message ?? (error as Error).message;
    throw new Refused(
      `The simulator's control interface at ${base} did not answer (${reason}). Is the simulator running with SIM_CONTROL_PORT set (npm start sets 8090)? Set SIM_CONTROL_URL to reach another.`,
    );
  }
  const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) {
    const error = (answer['error'] ?? {}) as { message?: string; issues?: unknown };
    const lines = [`${response.status}: ${error.message ?? response.statusText}`, ...describeIssues(error.issues)];
    throw new Refused(lines.join('\n'));
  }
  return answer;
}

export async function main(argv: readonly string[], env: NodeJS.ProcessEnv): Promise<number> {
  let request: CliRequest;
  try {
    request = parseCommand(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n(npm run sim -- help shows the commands)`);
    return 2;
  }
  const base = env['SIM_CONTROL_URL'] || DEFAULT_URL;
  if (request.show === 'help' && !request.json) console.log(`${USAGE}\n`);
  try {
    const answer = await send(base, request);
    console.log(request.json ? JSON.stringify(answer, null, 2) : format(request.show, answer));
    return 0;
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    console.error(error.message);
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2), process.env);
