import { ValidationPipe, type ValidationError } from '@nestjs/common';
import { RequestValidationError } from './request-validation.error';

/**
 * The pipe that checks request envelopes against their `class-validator` DTOs: unknown fields are
 * refused, and a failure becomes a `RequestValidationError` whose complaints name each field
 * (`policy.minChars: minChars must not be less than 0`).
 */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    transform: true,
    whitelist: true,
    forbidNonWhitelisted: true,
    exceptionFactory: (errors: ValidationError[]) =>
      new RequestValidationError(errors.flatMap((error) => complaints(error, ''))),
  });
}

function complaints(error: ValidationError, parent: string): string[] {
  const path = parent === '' ? error.property : `${parent}.${error.property}`;
  const own = Object.values(error.constraints ?? {}).map((constraint) => `${path}: ${constraint}`);
  return [...own, ...(error.children ?? []).flatMap((child) => complaints(child, path))];
}
