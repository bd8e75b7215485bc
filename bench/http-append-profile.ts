import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** A part of the server's work, found by a function on the stack (its name and file). */
export interface ProfilePart {
  label: string;
  functionName: string;
  file: string;
}

/**
 * The share of the busy (non-idle) time of the CPU profile(s) in `dir` spent under each part: the
 * samples whose stack holds a frame of `functionName` in a file ending with `file`. Parts may
 * nest; each is counted once per sample.
 */
export function profileShares(dir: string, parts: readonly ProfilePart[]): Map<string, number> {
  const shares = new Map(parts.map((part) => [part.label, 0]));
  let busy = 0;
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.cpuprofile'))) {
    const profile = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as CpuProfile;
    const byId = new Map(profile.nodes.map((node) => [node.id, node]));
    const parent = new Map<number, number>();
    for (const node of profile.nodes)
      for (const child of node.children ?? []) parent.set(child, node.id);
    profile.samples.forEach((sample, index) => {
      const node = byId.get(sample);
      if (node === undefined || node.callFrame.functionName === '(idle)') return;
      const time = profile.timeDeltas[index] ?? 0;
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
