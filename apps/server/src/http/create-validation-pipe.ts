import { ValidationPipe, type ArgumentMetadata, type ValidationError } from '@nestjs/common';
import { restoreRawJson } from './raw-json';
import { RequestValidationError } from './request-validation.error';
import { typeComplaint } from './type-complaint';

/**
 * A cheap check that a value certainly passes a DTO's `class-validator` rules (and has nothing
 * the pipe would strip): a sufficient condition, never the rule itself. A value it does not
 * accept goes through `class-validator`, whose complaints are the answer, so a 400 body is the
 * same with or without it.
 */
export type PlainlyValid = (value: unknown) => boolean;

/** The DTO classes with a `PlainlyValid` check, keyed by class. */
export type PlainlyValidChecks = ReadonlyMap<abstract new () => object, PlainlyValid>;

/**
 * The pipe that checks request envelopes against their `class-validator` DTOs: unknown fields are
 * refused, and a failure becomes a `RequestValidationError` whose complaints name each field
 * (`policy.minChars: minChars must not be less than 0`); a value of the wrong type gets one
 * complaint naming the type expected and the type sent (`typeComplaint`). The hot DTOs (`checks`: the append's
 * body and the session parameter) skip class-transformer and class-validator when their check
 * says the value is plainly valid: the answer is then the instance the pipe would have built.
 */
export function createValidationPipe(checks: PlainlyValidChecks = new Map()): ValidationPipe {
  return new ValidationPipeWithPlainChecks(
    {
      transform: true,
      whitelist: true,
      forbidNonWhitelisted: true,
      exceptionFactory: (errors: ValidationError[]) =>
        new RequestValidationError(errors.flatMap((error) => complaints(error, ''))),
    },
    checks,
  );
}

class ValidationPipeWithPlainChecks extends ValidationPipe {
  constructor(
    options: ConstructorParameters<typeof ValidationPipe>[0],
    private readonly checks: PlainlyValidChecks,
  ) {
    super(options);
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const { metatype } = metadata;
    if (metatype !== undefined && this.checks.get(metatype)?.(value) === true) {
      return Object.assign(new (metatype as new () => object)(), value);
    }
    if (metadata.type !== 'body' || typeof value !== 'object' || value === null) {
      return super.transform(value, metadata) as Promise<unknown>;
    }
    // The pipe strips prototype-named keys in place and class-transformer skips some: it works on
    // a copy, and the raw JSON fields (`@RawJson`) are put back from the body as it came.
    const transformed = (await super.transform(structuredClone(value), metadata)) as unknown;
    restoreRawJson(transformed, value);
    return transformed;
  }
}

function complaints(error: ValidationError, parent: string): string[] {
  const path = parent === '' ? error.property : `${parent}.${error.property}`;
  const wrongType = typeComplaint(error);
  const own = (wrongType === undefined ? Object.values(error.constraints ?? {}) : [wrongType]).map(
    (constraint) => `${path}: ${constraint}`,
  );
  return [...own, ...(error.children ?? []).flatMap((child) => complaints(child, path))];
}
