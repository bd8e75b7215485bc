/** The app's `Observability` (logger, tracer). */
export const OBSERVABILITY = Symbol('Observability');
