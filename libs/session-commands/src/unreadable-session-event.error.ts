/**
 * A stored event of a session stream is not one this server can read (unknown type, unsupported
 * schema version, a payload that fails its schema): the decider cannot vouch for the session's
 * rules, so commands on it are refused until the event is understood.
 */
export class UnreadableSessionEventError extends Error {
  readonly code = 'UnreadableSessionEvent';
  constructor(
    readonly streamName: string,
    readonly revision: number,
    readonly complaints: string[],
  ) {
    super(
      `Event at revision ${revision} of "${streamName}" cannot be read by this server: ${complaints.join('; ')}. Commands on this session are refused until it can be.`,
    );
  }
}
