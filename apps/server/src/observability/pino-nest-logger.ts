import type { LoggerService } from '@nestjs/common';
import type { Logger } from 'pino';

/**
 * Nest's own start-up chatter (modules loaded, every route mapped, "successfully started"): logged
 * at `debug`, so a server at `info` starts in a few lines.
 */
const FRAMEWORK_CONTEXTS = new Set([
  'NestFactory',
  'InstanceLoader',
  'RoutesResolver',
  'RouterExplorer',
  'NestApplication',
]);

/**
 * Nest's `LoggerService` over pino: `new Logger('Context').warn(message)` anywhere in the server
 * becomes a pino record with `context`. Nest passes the context as the last argument, and an
 * error's stack before it.
 */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly pino: Logger) {}

  log(message: unknown, ...rest: unknown[]): void {
    const context = contextOf(rest);
    this.write(
      context !== undefined && FRAMEWORK_CONTEXTS.has(context) ? 'debug' : 'info',
      message,
      rest,
    );
  }

  warn(message: unknown, ...rest: unknown[]): void {
    this.write('warn', message, rest);
  }

  error(message: unknown, ...rest: unknown[]): void {
    this.write('error', message, rest);
  }

  debug(message: unknown, ...rest: unknown[]): void {
    this.write('debug', message, rest);
  }

  verbose(message: unknown, ...rest: unknown[]): void {
    this.write('trace', message, rest);
  }

  fatal(message: unknown, ...rest: unknown[]): void {
    this.write('fatal', message, rest);
  }

  private write(
    level: 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal',
    message: unknown,
    rest: unknown[],
  ): void {
    if (!this.pino.isLevelEnabled(level)) return;
    const context = contextOf(rest);
    const fields: Record<string, unknown> = context === undefined ? {} : { context };
    const stack = rest.length > 1 ? rest[0] : undefined;
    if (message instanceof Error) {
      this.pino[level]({ ...fields, err: message }, message.message);
    } else if (typeof stack === 'string' && level === 'error') {
      this.pino[level]({ ...fields, err: { stack } }, String(message));
    } else if (typeof message === 'object' && message !== null) {
      this.pino[level]({ ...fields, ...(message as Record<string, unknown>) });
    } else {
      this.pino[level](fields, String(message));
    }
  }
}

/** Nest puts the context last; a lone string argument is the context too. */
function contextOf(rest: unknown[]): string | undefined {
  const last = rest[rest.length - 1];
  return typeof last === 'string' ? last : undefined;
}
