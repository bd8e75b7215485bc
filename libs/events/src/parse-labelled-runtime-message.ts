import { RUNTIME_MESSAGE_KINDS, isRuntimeMessageKind } from '@agent-ledger/messages';
import { describeSchemaErrors } from './describe-schema-errors';
import type { ParseRuntimeMessageResult } from './parse-runtime-message';
import { schemaValidators } from './schema-validators';

/** {@link parseRuntimeMessage} with the complaints prefixed by `label`. */
export function parseLabelledRuntimeMessage(
  value: unknown,
  label: string,
): ParseRuntimeMessageResult {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return {
      ok: false,
      errors: [
        `${label}: must be an object with id, sessionId, kind, role, createdAt and content (got ${describeValue(value)})`,
      ],
    };
  }
  const kind = 'kind' in value ? value.kind : undefined;
  if (!isRuntimeMessageKind(kind)) {
    const got = kind === undefined ? 'nothing' : JSON.stringify(kind);
    return {
      ok: false,
      errors: [`${label}: kind: must be one of ${RUNTIME_MESSAGE_KINDS.join(', ')} (got ${got})`],
    };
  }
  const validate = schemaValidators().runtimeMessage.get(kind);
  if (validate === undefined) {
    return { ok: false, errors: [`${label}: kind: ${kind} has no schema`] };
  }
  if (validate(value)) return { ok: true, message: value };
  return {
    ok: false,
    errors: describeSchemaErrors(validate.errors, '').map((complaint) => `${label}: ${complaint}`),
  };
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value;
}
