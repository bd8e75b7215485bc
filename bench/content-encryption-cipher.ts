/**
 * A micro-bench of `bench/content-encryption.bench.ts`: what one cipher context per append
 * instead of one per event would save (a change to the sealed format that is written down in
 * `docs/benchmarks.md`, not built). On the bench's turns (4 events each, their plaintexts and
 * additional data made beforehand, so that only the cipher's work differs): AES-256-GCM with
 * `createCipheriv`, `setAAD`, `update`, `final` and `getAuthTag` once per event, as sealing
 * does now, against the same once per append over the turn's 4 plaintexts, one after another.
 */
import { createCipheriv, createSecretKey, randomBytes } from 'node:crypto';
import { median } from './measure';
import { agentTurn } from './write-side';

const TURNS = 2000;
const ROUNDS = 9;
const KEY = createSecretKey(randomBytes(32));
/** IVs drawn beforehand (sealing takes them from a pool), one per event, so that neither pays for them. */
const IVS = Array.from({ length: TURNS * 4 }, () => randomBytes(12));

/** The IV drawn for event `index`. */
function ivOf(index: number): Buffer {
  const iv = IVS[index];
  if (iv === undefined) throw new RangeError(`no IV drawn for event ${index}`);
  return iv;
}

/** A turn's events as the cipher would see them: each plaintext and its additional data. */
interface TurnInput {
  plaintexts: string[];
  aads: Buffer[];
  /** The 4 additional data one after another (the per-append variant authenticates them all). */
  aad: Buffer;
}

function turnInputs(): TurnInput[] {
  return Array.from({ length: TURNS }, (_, index) => {
    const messages = agentTurn(`s${index % 16}`, index);
    const plaintexts = messages.map((message) => JSON.stringify(message));
    const aads = messages.map((message) =>
      Buffer.from(`session-s${index % 16}\0${message.id}\0MessageRecorded\0{"id":"${message.id}"}`),
    );
    return { plaintexts, aads, aad: Buffer.concat(aads) };
  });
}

/** One IV, one context, one tag per event: what `sealPayload` does. */
function perEvent(turns: readonly TurnInput[]): number {
  let bytes = 0;
  turns.forEach((turn, turnIndex) => {
    turn.plaintexts.forEach((plaintext, index) => {
      const cipher = createCipheriv('aes-256-gcm', KEY, ivOf(turnIndex * 4 + index));
      cipher.setAAD(turn.aads[index] ?? Buffer.alloc(0));
      bytes += cipher.update(plaintext, 'utf8').length + cipher.final().length;
      bytes += cipher.getAuthTag().length;
    });
  });
  return bytes;
}

/** One IV, one context, one tag per append (a turn): the format not built. */
function perAppend(turns: readonly TurnInput[]): number {
  let bytes = 0;
  turns.forEach((turn, turnIndex) => {
    const cipher = createCipheriv('aes-256-gcm', KEY, ivOf(turnIndex * 4));
    cipher.setAAD(turn.aad);
    for (const plaintext of turn.plaintexts) bytes += cipher.update(plaintext, 'utf8').length;
    bytes += cipher.final().length + cipher.getAuthTag().length;
  });
  return bytes;
}

/** Microseconds of this process's CPU per event for `variant` over every turn. */
function cpuPerEvent(variant: (turns: readonly TurnInput[]) => number, turns: TurnInput[]): number {
  const before = process.cpuUsage();
  variant(turns);
  const used = process.cpuUsage(before);
  return (used.user + used.system) / (turns.length * 4);
}

/** The median CPU per event of each variant, rounds alternated (which goes first alternates). */
export function cipherContextCost(): { perEvent: number; perAppend: number } {
  const turns = turnInputs();
  perEvent(turns);
  perAppend(turns);
  const measured = { perEvent: [] as number[], perAppend: [] as number[] };
  for (let round = 0; round < ROUNDS; round += 1) {
    const order =
      round % 2 === 0 ? (['perEvent', 'perAppend'] as const) : (['perAppend', 'perEvent'] as const);
    for (const which of order) {
      measured[which].push(cpuPerEvent(which === 'perEvent' ? perEvent : perAppend, turns));
    }
  }
  return { perEvent: median(measured.perEvent), perAppend: median(measured.perAppend) };
}
