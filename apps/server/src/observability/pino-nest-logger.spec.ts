import pino from 'pino';
import { PinoNestLogger } from './pino-nest-logger';

function capture(level = 'info'): {
  logger: PinoNestLogger;
  records: () => Record<string, unknown>[];
} {
  const lines: string[] = [];
  const log = pino({ level, base: null }, { write: (line: string) => void lines.push(line) });
  return {
    logger: new PinoNestLogger(log),
    records: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

describe('PinoNestLogger', () => {
  it("writes Nest's context and message as a record", () => {
    const { logger, records } = capture();
    logger.warn('Subscription dropped', 'EventStoreDB');
    expect(records()).toEqual([
      expect.objectContaining({ level: 40, context: 'EventStoreDB', msg: 'Subscription dropped' }),
    ]);
  });

  it("keeps an error's stack", () => {
    const { logger, records } = capture();
    logger.error('failed', 'Error: x\n    at y', 'HttpExceptionFilter');
    expect(records()[0]).toMatchObject({
      context: 'HttpExceptionFilter',
      msg: 'failed',
      err: { stack: 'Error: x\n    at y' },
    });
  });

  it("puts the framework's start-up chatter at debug: silent at info", () => {
    const { logger, records } = capture('info');
    logger.log('HealthController {/health}:', 'RoutesResolver');
    logger.log('Mapped {/health, GET} route', 'RouterExplorer');
    logger.log('Retention schedule: off.', 'Retention');
    expect(records().map((record) => record['context'])).toEqual(['Retention']);
  });
});
