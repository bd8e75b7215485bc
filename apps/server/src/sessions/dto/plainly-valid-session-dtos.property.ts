/**
 * The property `plainly-valid-session-dtos.int-spec.ts` checks, run under plain Node (NestJS 12
 * is ESM-only, which Jest's module registry does not load): for any JSON body or path parameters,
 * the validation pipe with the plain checks answers exactly as the pipe without them (the same
 * value handed to the controller, or the same complaints); and the checks do take the short way
 * for plain values (else the property would hold for nothing). Prints `ok <runs>` or what
 * failed, and exits non-zero on a failure.
 */
import 'reflect-metadata';
import { isDeepStrictEqual } from 'node:util';
import type { ArgumentMetadata } from '@nestjs/common';
import fc from 'fast-check';
import { createValidationPipe } from '../../http/create-validation-pipe';
import { AppendMessagesDto } from './append-messages.dto';
import { PLAINLY_VALID_SESSION_DTOS } from './plainly-valid-session-dtos';
import { SessionParamsDto } from './session-params.dto';

const RUNS = 400;
const withChecks = createValidationPipe(PLAINLY_VALID_SESSION_DTOS);
const classValidatorOnly = createValidationPipe();

/** What a pipe makes of a JSON text: the value it hands the controller, or the complaints. */
async function outcome(
  pipe: ReturnType<typeof createValidationPipe>,
  json: string,
  metadata: ArgumentMetadata,
): Promise<unknown> {
  try {
    const value = (await pipe.transform(JSON.parse(json), metadata)) as object;
    return { ok: true, type: value.constructor.name, json: JSON.stringify(value) };
  } catch (error) {
    return {
      ok: false,
      error: error instanceof Error ? [error.name, error.message, { ...error }] : error,
    };
  }
}

const awkwardKey = fc.constantFrom(
  'constructor',
  'prototype',
  '__proto__',
  'valueOf',
  'toString',
  'hasOwnProperty',
  'then',
  'expectedRevision',
);
const anyValue = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.dictionary(fc.oneof(fc.string(), awkwardKey), fc.jsonValue({ maxDepth: 2 })),
);
const revision = fc.oneof(
  fc.constantFrom(-2, -1, 0, 1),
  fc.integer({ min: -3, max: 1000 }),
  fc.double(),
  fc.constant(null),
  fc.string(),
);
const plainMessage = fc.record({ id: fc.string(), content: fc.jsonValue({ maxDepth: 2 }) });
const appendBody = fc.record(
  {
    messages: fc.oneof(
      fc.array(plainMessage, { maxLength: 3 }),
      fc.array(anyValue, { maxLength: 4 }),
      anyValue,
    ),
    expectedRevision: revision,
    extra: anyValue,
  },
  { requiredKeys: [] },
);
const plainAppendBody = fc.record(
  { messages: fc.array(plainMessage, { minLength: 1, maxLength: 3 }), expectedRevision: revision },
  { requiredKeys: ['messages'] },
);
const sessionParams = fc.record(
  {
    sessionId: fc.oneof(
      fc.string({ maxLength: 220 }),
      fc.string({ unit: 'grapheme', maxLength: 20 }),
      fc.integer(),
      fc.constant('a'.repeat(200)),
      fc.constant('a'.repeat(201)),
    ),
    other: fc.string(),
  },
  { requiredKeys: [] },
);

function sameAnswers(arbitrary: fc.Arbitrary<unknown>, metadata: ArgumentMetadata) {
  return fc.asyncProperty(arbitrary, async (value) => {
    const json = JSON.stringify(value) ?? 'null';
    const fast = await outcome(withChecks, json, metadata);
    const slow = await outcome(classValidatorOnly, json, metadata);
    if (!isDeepStrictEqual(fast, slow)) {
      throw new Error(`${json}: ${JSON.stringify(fast)} ≠ ${JSON.stringify(slow)}`);
    }
  });
}

/** Values the short way must take, and values it must leave to class-validator. */
const EXAMPLES: Array<[dto: abstract new () => object, value: unknown, plain: boolean]> = [
  [AppendMessagesDto, { messages: [{ id: 'm1' }], expectedRevision: -1 }, true],
  [AppendMessagesDto, { messages: [{ id: 'm1', input: { path: 'a' } }] }, true],
  // Messages are raw JSON, kept as they came either way: prototype-named keys inside them too.
  [AppendMessagesDto, { messages: [{ input: { constructor: 1 } }] }, true],
  [AppendMessagesDto, { messages: [{ content: [{ valueOf: 1 }] }] }, true],
  [AppendMessagesDto, { messages: [] }, false],
  [AppendMessagesDto, { messages: [{}], expectedRevision: 1.5 }, false],
  [AppendMessagesDto, { messages: [{}], expectedRevision: -2 }, false],
  [AppendMessagesDto, { messages: [{}], expectedRevision: null }, false],
  [AppendMessagesDto, { messages: [{}], other: 1 }, false],
  [SessionParamsDto, { sessionId: 's-1' }, true],
  [SessionParamsDto, { sessionId: 'café' }, false],
  [SessionParamsDto, { sessionId: 'a b' }, false],
];

async function main(): Promise<void> {
  for (const [dto, value, plain] of EXAMPLES) {
    if (PLAINLY_VALID_SESSION_DTOS.get(dto)?.(value) !== plain) {
      throw new Error(`${dto.name} ${JSON.stringify(value)}: expected plain=${plain}`);
    }
  }
  await fc.assert(
    sameAnswers(fc.oneof(plainAppendBody, appendBody, anyValue), {
      type: 'body',
      metatype: AppendMessagesDto,
    }),
    { numRuns: RUNS },
  );
  await fc.assert(sameAnswers(sessionParams, { type: 'param', metatype: SessionParamsDto }), {
    numRuns: RUNS,
  });
  process.stdout.write(`ok ${RUNS}\n`);
}

main().catch((error: unknown) => {
  process.stdout.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
