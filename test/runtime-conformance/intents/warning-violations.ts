import type { LoggedWarning, ModelCall } from '../scenario/session-record';

/** Intent 5, per call: the step's `warnings` are empty. */
export function stepWarningViolations(call: ModelCall): string[] {
  return call.stepWarnings.map(
    (warning) => `${call.label}: step warning ${JSON.stringify(warning)}`,
  );
}

/** Intent 5, over the run: the AI SDK logged nothing (named by the generation it logged in). */
export function loggedWarningViolations(logged: readonly LoggedWarning[]): string[] {
  return logged.map(
    ({ generation, warning }) => `${generation}: logged ${JSON.stringify(warning)}`,
  );
}
