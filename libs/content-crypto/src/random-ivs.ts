import { randomFillSync } from 'node:crypto';

const IV_BYTES = 12;
const IVS_PER_FILL = 512;

/**
 * Fresh random 96-bit IVs, drawn from the system's CSPRNG in blocks (one `randomFillSync` of
 * 6 KiB per 512 IVs): a call to `randomBytes` per event cost about as much as the encryption
 * itself. Each IV is a copy, never handed out twice.
 */
export class RandomIvs {
  private readonly pool = Buffer.alloc(IV_BYTES * IVS_PER_FILL);
  private next = IVS_PER_FILL;

  take(): Buffer {
    if (this.next === IVS_PER_FILL) {
      randomFillSync(this.pool);
      this.next = 0;
    }
    const start = this.next * IV_BYTES;
    this.next += 1;
    return Buffer.from(this.pool.subarray(start, start + IV_BYTES));
  }
}
