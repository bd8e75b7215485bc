import { filterToSql } from './filter-to-sql';

describe('filterToSql', () => {
  it('matches everything without a filter', () => {
    expect(filterToSql(undefined)).toEqual({ sql: '1', params: [] });
  });

  it('compares leading characters for each prefix', () => {
    expect(filterToSql({ on: 'streamName', prefixes: ['session-', 'order-'] })).toEqual({
      sql: '(substr(stream_name, 1, length(?)) = ? OR substr(stream_name, 1, length(?)) = ?)',
      params: ['session-', 'session-', 'order-', 'order-'],
    });
  });

  it('calls regexp on the event type', () => {
    expect(filterToSql({ on: 'eventType', regex: '^Tool' })).toEqual({
      sql: 'regexp(?, type)',
      params: ['^Tool'],
    });
  });

  it('refuses a filter without prefixes and a regular expression that does not compile', () => {
    expect(() => filterToSql({ on: 'eventType', prefixes: [] })).toThrow(RangeError);
    expect(() => filterToSql({ on: 'streamName', regex: '(' })).toThrow(SyntaxError);
  });
});
