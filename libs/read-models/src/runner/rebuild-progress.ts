/** Reported after every batch of a rebuild or catch-up. */
export interface RebuildProgress {
  /** Events read from the log so far in this run (session events only). */
  processedEvents: number;
  /** Position reached in `$all`, or `null` before the first batch. */
  position: number | null;
  /** Last position of `$all` when the run started, or `null` for an empty store. */
  headPosition: number | null;
}
