/**
 * EventStoreDB answered in a way the adapter cannot map onto the port, for example a server too
 * old to give `$all` positions on stream reads. Not one of the port's errors: it means the
 * deployment, not the caller, must change.
 */
export class EventStoreDbAdapterError extends Error {
  readonly code = 'EventStoreDbUnsupported';
}
