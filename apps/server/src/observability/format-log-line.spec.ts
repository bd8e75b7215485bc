import { formatLogLine } from './format-log-line';

describe('formatLogLine', () => {
  it('prints time, level, context and message, then the other fields as key=value', () => {
    expect(
      formatLogLine({
        level: 'info',
        time: '2026-12-02T14:25:19.123Z',
        context: 'HTTP',
        msg: 'GET /health 200',
        reqId: 'r-1',
        durationMs: 1.5,
        url: '/v1/sessions/a b',
      }),
    ).toBe(
      '14:25:19.123 INFO [HTTP] GET /health 200 reqId=r-1 durationMs=1.5 url="/v1/sessions/a b"\n',
    );
  });

  it('keeps the shape Nest printed for warnings ("WARN [context] message")', () => {
    expect(
      formatLogLine({
        level: 'warn',
        time: '2026-12-02T00:00:00.000Z',
        context: 'EventStoreDB',
        msg: 'dropped',
      }),
    ).toContain('WARN [EventStoreDB] dropped');
  });

  it("prints an error's stack on the lines after it", () => {
    const line = formatLogLine({
      level: 'error',
      msg: 'failed',
      err: { stack: 'Error: x\n    at y' },
    });
    expect(line).toBe('ERROR failed\nError: x\n    at y\n');
  });

  it('never throws on a record without the usual fields', () => {
    expect(formatLogLine({})).toBe('LOG\n');
  });
});
