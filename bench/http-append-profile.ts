import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}

interface CpuProfile {
  /** When profiling started, in µs of the system's monotonic clock (as `monotonicMicros`). */
  startTime: number;
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/**
 * Now, in µs of the monotonic clock a CPU profile's times are in (V8's ticks and
 * `process.hrtime` read the same system clock on Linux): samples before it can be left out.
 */
export function monotonicMicros(): number {
  return Number(process.hrtime.bigint() / 1000n);
}

/** Calls `each` with every sample of `profile` taken at or after `fromMicros`, and its duration. */
function forEachSampleFrom(
  profile: CpuProfile,
  fromMicros: number,
  each: (sample: number, time: number) => void,
): void {
  let at = profile.startTime;
  profile.samples.forEach((sample, index) => {
    const time = profile.timeDeltas[index] ?? 0;
    at += time;
    if (at >= fromMicros) each(sample, time);
  });
}

/** A part of the server's work, found by a function on the stack (its name and file). */
export interface ProfilePart {
  label: string;
  functionName: string;
  file: string;
}

/**
 * The share of the busy (non-idle) time of the CPU profile(s) in `dir` spent under each part,
 * from `fromMicros` on (`monotonicMicros`) and start-up left out: the samples whose stack holds
 * a frame of `functionName` in a file ending with `file`. Parts may nest; each is counted once
 * per sample.
 */
export function profileShares(
  dir: string,
  parts: readonly ProfilePart[],
  thread: ServerThread = 'main',
  fromMicros = 0,
): Map<string, number> {
  const shares = new Map(parts.map((part) => [part.label, 0]));
  let busy = 0;
  for (const { profile, byId, parent } of threadProfiles(dir, thread)) {
    forEachSampleFrom(profile, fromMicros, (sample, time) => {
      const node = byId.get(sample);
      if (node === undefined || node.callFrame.functionName === '(idle)') return;
      if (isStartUp(sample, byId, parent)) return;
      busy += time;
      const found = new Set<string>();
      for (let id: number | undefined = sample; id !== undefined; id = parent.get(id)) {
        const frame = byId.get(id)?.callFrame;
        if (frame === undefined) break;
        for (const part of parts) {
          if (frame.functionName === part.functionName && frame.url.endsWith(part.file))
            found.add(part.label);
        }
      }
      for (const label of found) shares.set(label, (shares.get(label) ?? 0) + time);
    });
  }
  for (const [label, time] of shares) shares.set(label, busy === 0 ? 0 : time / busy);
  return shares;
}

/**
 * A sample of the process's start, not of serving: its main module's first run (loading,
 * compiling), or compiling the JSON Schemas, which happens once, on the first requests (the
 * profiled round starts a fresh server).
 */
function isStartUp(
  sample: number,
  byId: ReadonlyMap<number, ProfileNode>,
  parent: ReadonlyMap<number, number>,
): boolean {
  for (let id: number | undefined = sample; id !== undefined; id = parent.get(id)) {
    const frame = byId.get(id)?.callFrame;
    if (frame?.url === 'node:internal/main/run_main_module') return true;
    if (frame?.functionName === 'compileSchemaValidators') return true;
  }
  return false;
}

/**
 * The busy (non-idle) time and the whole time, in ms, of one thread's profile(s) in `dir`, from
 * `fromMicros` on (`monotonicMicros`), start-up left out.
 */
export function threadTimes(
  dir: string,
  thread: ServerThread,
  fromMicros = 0,
): { busyMs: number; totalMs: number } {
  let busy = 0;
  let total = 0;
  for (const { profile, byId, parent } of threadProfiles(dir, thread)) {
    forEachSampleFrom(profile, fromMicros, (sample, time) => {
      if (isStartUp(sample, byId, parent)) return;
      total += time;
      if (byId.get(sample)?.callFrame.functionName !== '(idle)') busy += time;
    });
  }
  return { busyMs: busy / 1000, totalMs: total / 1000 };
}

/** The server's threads: its event loop, its event store's write worker, its projection runner's. */
export type ServerThread = 'main' | 'write worker' | 'projection runner';

/** A profile with its nodes by id and each node's parent, to walk a sample's stack. */
interface IndexedProfile {
  profile: CpuProfile;
  byId: ReadonlyMap<number, ProfileNode>;
  parent: ReadonlyMap<number, number>;
  thread: ServerThread;
}

/** The profiles of a folder, read, parsed and indexed once for every question asked of them. */
const profilesOf = new Map<string, IndexedProfile[]>();

/** The profiles of one of the process's threads, told apart by their entry files. */
function threadProfiles(dir: string, thread: ServerThread): IndexedProfile[] {
  let profiles = profilesOf.get(dir);
  if (profiles === undefined) {
    profiles = readdirSync(dir)
      .filter((name) => name.endsWith('.cpuprofile'))
      .map((file) =>
        indexProfile(JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as CpuProfile),
      );
    profilesOf.set(dir, profiles);
  }
  return profiles.filter((indexed) => indexed.thread === thread);
}

function indexProfile(profile: CpuProfile): IndexedProfile {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id);
  return { profile, byId, parent, thread: threadOf(profile) };
}

function threadOf(profile: CpuProfile): ServerThread {
  const runs = (file: string): boolean =>
    profile.nodes.some((node) => node.callFrame.url.endsWith(file));
  if (runs('sqlite/write-worker.ts')) return 'write worker';
  if (runs('runner/projection-runner-worker.ts')) return 'projection runner';
  return 'main';
}
