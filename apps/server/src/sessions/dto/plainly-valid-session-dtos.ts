import type { PlainlyValid, PlainlyValidChecks } from '../../http/create-validation-pipe';
import { AppendMessagesDto } from './append-messages.dto';
import { SessionParamsDto } from './session-params.dto';

/** 1–200 printable ASCII characters, no space: within every rule of `SessionParamsDto`. */
const PLAIN_SESSION_ID = /^[\x21-\x7e]{1,200}$/;

function isPlainRecord(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

/** `AppendMessagesDto`: a non-empty `messages` array, an optional integer `expectedRevision` ≥ -1, nothing else. */
function isPlainAppend(value: unknown): boolean {
  if (!isPlainRecord(value)) return false;
  for (const key in value) if (key !== 'messages' && key !== 'expectedRevision') return false;
  const { messages, expectedRevision } = value;
  if (!Array.isArray(messages) || messages.length === 0) return false;
  if (
    expectedRevision !== undefined &&
    !(
      typeof expectedRevision === 'number' &&
      Number.isInteger(expectedRevision) &&
      expectedRevision >= -1
    )
  ) {
    return false;
  }
  // The messages are raw JSON (`@RawJson`): both ways take them as they came.
  return true;
}

/** `SessionParamsDto`: `{ sessionId }` alone, a plain ASCII id. */
function isPlainSessionParams(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  if (keys.length !== 1 || keys[0] !== 'sessionId') return false;
  const { sessionId } = value as { sessionId: unknown };
  return typeof sessionId === 'string' && PLAIN_SESSION_ID.test(sessionId);
}

/** The plain checks of the write path's hot DTOs, for `createValidationPipe`. */
export const PLAINLY_VALID_SESSION_DTOS: PlainlyValidChecks = new Map<
  abstract new () => object,
  PlainlyValid
>([
  [AppendMessagesDto, isPlainAppend],
  [SessionParamsDto, isPlainSessionParams],
]);
