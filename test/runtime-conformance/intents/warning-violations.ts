import type { LoggedWarning, ModelCall } from '../scenario/session-record';

/** Intent 5, per call: the step's `warnings` are empty. */
export function stepWarningViolations(call: ModelCall): string[] {
  return call.stepWarnings.map(
    (warning) => `${call.label}: step warning ${JSON.stringify(warning)}`,
  );
}

/** Intent 5, over the run: the AI SDK logged nothing (placed after the call it followed). */
export function loggedWarningViolations(
  logged: readonly LoggedWarning[],
  calls: readonly ModelCall[],
): string[] {
  return logged.map(
    ({ afterRequest, warning }) =>
      `logged after ${calls[afterRequest - 1]?.label ?? 'the start, before any call'}: ${JSON.stringify(warning)}`,
  );
}
