import { Injectable } from '@nestjs/common';

/**
 * The highest log position at which this server has acknowledged an append to a session (the
 * `position` of a command's answer). Queries of the read models wait, briefly, for the runner to
 * reach it (`ReadYourWrites`): whoever got an answer from this server reads what it wrote from
 * this server, with or without `minPosition`.
 */
@Injectable()
export class AcknowledgedWrites {
  private highest: number | null = null;

  /** The highest position acknowledged so far, `null` before the first append. */
  get position(): number | null {
    return this.highest;
  }

  /** Called with each append's position as it is answered. */
  record(position: number): void {
    if (this.highest === null || position > this.highest) this.highest = position;
  }
}
