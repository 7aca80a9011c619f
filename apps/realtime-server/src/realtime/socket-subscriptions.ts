import {
  type AnyDeclaredStream,
  ERRORS,
  type ErrorCode,
  parseStream,
  type RealtimeAccess,
  type RealtimeRefusal,
  type Resume,
  type ResumeAck,
  ResumeSchema,
  type StreamedEventType,
  type StreamPositions,
  type StreamRegistry,
  type StreamScope,
  type SubscribeAck,
  SUBSCRIPTION_FIELDS,
  type Subscription,
  SubscriptionSchema,
  type UnsubscribeAck,
} from '@farola/protocol';
import type { Socket } from 'socket.io';
import type { z } from 'zod';
import type { SocketData, SocketServerDeps } from './socket-server';
import type { LoggedItem } from './stream-log';

export type FarolaSocket = Socket<never, never, never, SocketData>;
type Deps = Pick<SocketServerDeps, 'devices' | 'jobs' | 'hub' | 'logger'>;

const refusal = (code: ErrorCode, message: string = ERRORS[code].message): RealtimeRefusal => ({
  ok: false,
  error: { code, message },
});

function parse<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> | RealtimeRefusal {
  const result = schema.safeParse(body);
  if (result.success) return result.data as z.infer<T>;
  const issue = result.error.issues[0];
  const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
  return refusal('VALIDATION_FAILED', `${ERRORS.VALIDATION_FAILED.message}: ${where}${issue?.message ?? ''}`);
}

export const isRefusal = (value: unknown): value is RealtimeRefusal =>
  typeof value === 'object' && value !== null && (value as { ok?: unknown }).ok === false;

/**
 * The streams every socket of a user who sees these projects is in from connect: those of each
 * kind the registry declares not detailed, for each project.
 */
export function projectStreams(registry: StreamRegistry, projectIds: Iterable<string>): string[] {
  const kinds = Object.values(registry).filter((definition) => !definition.detailed && definition.scope === 'project');
  return [...projectIds].flatMap((id) => kinds.map((definition) => definition.address(id)));
}

/**
 * The projects a stream belongs to — its id's, its device's, or every one of its job's — or
 * undefined for an unknown device or job (a job is known once `loadNamedJobs` read it).
 */
function projectsOf(definition: AnyDeclaredStream, id: string, deps: Deps): readonly string[] | undefined {
  switch (definition.scope) {
    case 'project':
      return [id];
    case 'device': {
      const projectId = deps.devices.projectOf(id);
      return projectId === undefined ? undefined : [projectId];
    }
    case 'job':
      return deps.jobs.projectsOfJob(id);
  }
}

/** Whether the socket's user sees every project of a stream. */
const seesAll = (socket: FarolaSocket, projectIds: readonly string[]) =>
  projectIds.length > 0 && projectIds.every((projectId) => socket.data.projectIds.has(projectId));

/**
 * The refusal for a stream the user may not have. A job the user may not see is not found, as the
 * API answers for it: its existence is none of their business.
 */
const REFUSALS = {
  project: { unknown: 'ACCESS_NOT_GRANTED', unseen: 'ACCESS_NOT_GRANTED' },
  device: { unknown: 'DEVICE_NOT_FOUND', unseen: 'ACCESS_NOT_GRANTED' },
  job: { unknown: 'BULK_JOB_NOT_FOUND', unseen: 'BULK_JOB_NOT_FOUND' },
} as const satisfies Record<StreamScope, { unknown: ErrorCode; unseen: ErrorCode }>;

/** The detailed streams a `subscribe` or `unsubscribe` names: for each kind, the ids of its scope's field. */
function namedStreams(body: Subscription, registry: StreamRegistry): { definition: AnyDeclaredStream; id: string }[] {
  const detailed = Object.values(registry).filter((definition) => definition.detailed);
  // In the fields' order, projects first, as the refusal of a request naming a bad project and a bad device says.
  return (Object.keys(SUBSCRIPTION_FIELDS) as StreamScope[]).flatMap((scope) =>
    detailed
      .filter((definition) => definition.scope === scope)
      .flatMap((definition) => (body[SUBSCRIPTION_FIELDS[scope]] ?? []).map((id) => ({ definition, id }))),
  );
}

/**
 * Reads the jobs among a `resume`'s stream names, so that the plan that follows, in one tick,
 * knows their projects (a `subscribe` names its jobs by id and reads them itself).
 */
export function loadNamedJobs(names: readonly string[], deps: Pick<Deps, 'jobs' | 'hub'>): Promise<void> {
  const jobIds = names.flatMap((name) => {
    const parsed = parseStream(name, deps.hub.registry);
    return parsed?.definition.scope === 'job' ? [parsed.id] : [];
  });
  return jobIds.length === 0 ? Promise.resolve() : deps.jobs.loadJobs(jobIds);
}

/**
 * The detailed stream names of a subscription, once every device, project and job in it is one
 * the user may see; otherwise the refusal for the first that is not (the whole request is refused).
 */
function detailedStreams(body: Subscription, socket: FarolaSocket, deps: Deps): string[] | RealtimeRefusal {
  const names: string[] = [];
  for (const { definition, id } of namedStreams(body, deps.hub.registry)) {
    const projectIds = projectsOf(definition, id, deps);
    if (projectIds === undefined) return refusal(REFUSALS[definition.scope].unknown);
    if (!seesAll(socket, projectIds)) return refusal(REFUSALS[definition.scope].unseen);
    names.push(definition.address(id));
  }
  return names;
}

/** Whether the user may see a stream: its kind's scope says whose projects it is (a deleted device is no longer visible). */
function mayResume(name: string, socket: FarolaSocket, deps: Deps): boolean {
  const parsed = parseStream(name, deps.hub.registry);
  if (!parsed) return false;
  const projectIds = projectsOf(parsed.definition, parsed.id, deps);
  return projectIds !== undefined && seesAll(socket, projectIds);
}

/** Emits logged items in their order, one array per run of the same event name. */
export function emitItems(socket: FarolaSocket, items: readonly LoggedItem[]): void {
  const emit = socket.emit.bind(socket) as unknown as (event: StreamedEventType, batch: object[]) => void;
  let run: object[] = [];
  items.forEach((item, i) => {
    run.push(item.payload);
    if (items[i + 1]?.event !== item.event) {
      emit(item.event, run);
      run = [];
    }
  });
}

function subscribe(socket: FarolaSocket, deps: Deps, names: readonly string[]): StreamPositions {
  for (const name of names) {
    if (socket.data.subscribed.has(name)) continue;
    socket.data.subscribed.add(name);
    deps.hub.retain(name);
    void socket.join(name);
  }
  return deps.hub.emittedPositions(names);
}

function unsubscribe(socket: FarolaSocket, deps: Deps, names: readonly string[]): void {
  for (const name of names) {
    if (!socket.data.subscribed.delete(name)) continue;
    deps.hub.release(name);
    void socket.leave(name);
  }
}

/**
 * Brings an open socket in line with the projects its user may now see (a permission granted or
 * withdrawn), without a reconnect: it leaves the streams of the projects it lost, and the detailed
 * subscriptions within them, joins the `fleet:` and `project:` streams of those it gained, and is
 * told so by `access`, after which nothing of a lost project reaches it.
 */
export function applyAccess(socket: FarolaSocket, deps: Deps, visible: ReadonlySet<string>): void {
  const before = socket.data.projectIds;
  const lost = [...before].filter((id) => !visible.has(id));
  const gained = [...visible].filter((id) => !before.has(id));
  if (lost.length === 0 && gained.length === 0) return;
  socket.data.projectIds = new Set(visible);
  for (const name of projectStreams(deps.hub.registry, lost)) {
    socket.data.joined.delete(name);
    void socket.leave(name);
  }
  unsubscribe(
    socket,
    deps,
    [...socket.data.subscribed].filter((name) => !mayResume(name, socket, deps)),
  );
  const names = projectStreams(deps.hub.registry, gained);
  const positions = deps.hub.emittedPositions(names);
  void socket.join(names);
  for (const [name, seq] of Object.entries(positions)) socket.data.joined.set(name, seq);
  const access: RealtimeAccess = { projectIds: [...visible], streams: positions };
  (socket.emit.bind(socket) as unknown as (event: 'access', body: RealtimeAccess) => void)('access', access);
}

/**
 * Takes the socket off those of `names` (detailed streams it subscribed to) that its user may no
 * longer see, as if it had unsubscribed: called when a stream's project changes under it (a
 * device moved to another project), so that nothing more of it reaches the socket.
 */
export function leaveUnseen(socket: FarolaSocket, deps: Deps, names: readonly string[]): void {
  unsubscribe(
    socket,
    deps,
    names.filter((name) => socket.data.subscribed.has(name) && !mayResume(name, socket, deps)),
  );
}

/**
 * Whether the stream of the kind that covers this one (`coveredBy`: a project's `attributes:` for
 * a `device:` stream) already carries its items to this socket.
 */
function isCovered(name: string, socket: FarolaSocket, deps: Deps): boolean {
  const parsed = parseStream(name, deps.hub.registry);
  const covering = parsed?.definition.coveredBy;
  if (!parsed || covering === undefined) return false;
  // A stream covered by another is one project's: a device's.
  const [projectId] = projectsOf(parsed.definition, parsed.id, deps) ?? [];
  const definition = deps.hub.registry[covering];
  return (
    projectId !== undefined && definition !== undefined && socket.data.subscribed.has(definition.address(projectId))
  );
}

/** What a resume replays and answers, worked out before anything is emitted. */
export interface ResumePlan {
  caughtUp: string[];
  resync: string[];
  /** The missed items, stream by stream, each stream's in order. */
  missed: LoggedItem[];
}

/**
 * Works out what the client missed on each stream it names, and re-subscribes the detailed ones
 * (permissions checked again); streams whose gap is no longer kept (or of another epoch), or
 * that the user may no longer see, come back as `resync`. The caller emits `missed` in the same
 * tick, before anything else can reach the socket.
 */
export function planResume(socket: FarolaSocket, deps: Deps, body: Resume): ResumePlan {
  const { hub } = deps;
  const plan: ResumePlan = { caughtUp: [], resync: [], missed: [] };
  const sameEpoch = body.epoch === hub.epoch;
  // Streams that cover others first (a project's attributes), so that a stream they cover is known to be covered.
  const covering = new Set<string>();
  for (const { coveredBy } of Object.values(hub.registry)) if (coveredBy !== undefined) covering.add(coveredBy);
  const first = (name: string) => (covering.has(parseStream(name, hub.registry)?.kind ?? '') ? 0 : 1);
  const entries = Object.entries(body.positions).sort(([a], [b]) => first(a) - first(b));
  for (const [name, lastSeen] of entries) {
    if (!mayResume(name, socket, deps)) {
      plan.resync.push(name);
      continue;
    }
    const joinedAt = socket.data.joined.get(name);
    // A fleet or project stream was joined at connect: what came after its position reaches the
    // socket live. A detailed stream is subscribed first, so that one woken from cold shows its gap.
    if (joinedAt === undefined) subscribe(socket, deps, [name]);
    const missed = !sameEpoch ? null : isCovered(name, socket, deps) ? [] : hub.missed(name, lastSeen, joinedAt);
    if (missed) plan.missed.push(...missed);
    (missed ? plan.caughtUp : plan.resync).push(name);
  }
  return plan;
}

/** A resume body, validated, naming only streams. */
export function parseResume(body: unknown, registry: StreamRegistry): Resume | RealtimeRefusal {
  const parsed = parse(ResumeSchema, body);
  if (isRefusal(parsed)) return parsed;
  const unknown = Object.keys(parsed.positions).find((name) => !parseStream(name, registry));
  if (unknown !== undefined) return refusal('VALIDATION_FAILED', `Not a stream: ${unknown.slice(0, 80)}`);
  return parsed;
}

/** Answers `subscribe`, `unsubscribe` and `resume`; a bad message is refused, never thrown. */
export function handleSubscriptions(socket: FarolaSocket, deps: Deps): void {
  // One request at a time, in the order sent: an `unsubscribe` right after a `subscribe` that waits
  // for its jobs to be read must not be undone by it.
  let previous: Promise<void> = Promise.resolve();
  const on = (event: 'subscribe' | 'unsubscribe' | 'resume', answer: (body: unknown) => object | Promise<object>) => {
    socket.on(
      event as never,
      ((body: unknown, ack: unknown) => {
        previous = previous.then(async () => {
          // Gone while an earlier request waited: nothing to answer, nothing to join.
          if (socket.disconnected) return;
          let reply: object;
          try {
            reply = await answer(body);
          } catch (error) {
            deps.logger.error({ err: error, event }, 'realtime request failed');
            reply = refusal('UNKNOWN_ERROR');
          }
          if (typeof ack === 'function') (ack as (reply: object) => void)(reply);
        });
      }) as never,
    );
  };
  on('subscribe', async (body): Promise<SubscribeAck> => {
    const subscription = parse(SubscriptionSchema, body);
    if (isRefusal(subscription)) return subscription;
    if (subscription.jobIds?.length) await deps.jobs.loadJobs(subscription.jobIds);
    const names = detailedStreams(subscription, socket, deps);
    if (isRefusal(names)) return names;
    return { ok: true, streams: subscribe(socket, deps, names) };
  });
  on('unsubscribe', (body): UnsubscribeAck => {
    const subscription = parse(SubscriptionSchema, body);
    if (isRefusal(subscription)) return subscription;
    const names = namedStreams(subscription, deps.hub.registry).map(({ definition, id }) => definition.address(id));
    unsubscribe(socket, deps, names);
    return { ok: true };
  });
  on('resume', async (body): Promise<ResumeAck> => {
    const parsed = parseResume(body, deps.hub.registry);
    if (isRefusal(parsed)) return parsed;
    await loadNamedJobs(Object.keys(parsed.positions), deps);
    // From here to the emit, one tick: no item can slip in between.
    const { caughtUp, resync, missed } = planResume(socket, deps, parsed);
    emitItems(socket, missed);
    return { ok: true, epoch: deps.hub.epoch, caughtUp, resync };
  });
  socket.on('disconnect', () => unsubscribe(socket, deps, [...socket.data.subscribed]));
}
