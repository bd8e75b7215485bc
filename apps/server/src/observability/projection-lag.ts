/**
 * How long each read-model handler has been behind: the time since it was last seen at the
 * head, that is at or past the last position this server appended at when a batch committed, or
 * at the log's head when `/metrics` was scraped. A handler never seen there counts from `start`.
 */
export class ProjectionLag {
  private readonly caughtUpAt = new Map<string, number>();
  private lastAppended: number | null = null;

  constructor(
    private readonly now: () => number,
    private readonly start = now(),
  ) {}

  /** This server appended up to `position`. */
  appended(position: number): void {
    this.lastAppended = Math.max(this.lastAppended ?? position, position);
  }

  /** A batch committed; the handlers are now at these positions. */
  committed(handlers: Readonly<Record<string, number | null>>): void {
    const now = this.now();
    for (const [handler, position] of Object.entries(handlers)) {
      if (position !== null && (this.lastAppended === null || position >= this.lastAppended)) {
        this.caughtUpAt.set(handler, now);
      }
    }
  }

  /** Seconds `handler` has been behind, given that it is `behind` positions behind the head now. */
  seconds(handler: string, behind: number): number {
    const now = this.now();
    if (behind === 0) {
      this.caughtUpAt.set(handler, now);
      return 0;
    }
    return (now - (this.caughtUpAt.get(handler) ?? this.start)) / 1000;
  }
}
