import type { IncomingMessage } from 'node:http';
import { requestIdOf } from './request-id';

const withHeader = (value: string | undefined): IncomingMessage =>
  ({ headers: value === undefined ? {} : { 'x-request-id': value } }) as IncomingMessage;

describe('requestIdOf', () => {
  it("keeps the caller's X-Request-Id when it is plain", () => {
    expect(requestIdOf(withHeader('proxy-42:a/b'))).toBe('proxy-42:a/b');
  });

  it('makes a UUID when there is none, or one a log line could break on', () => {
    for (const value of [undefined, '', 'two words', 'x\ny', 'a'.repeat(129)]) {
      expect(requestIdOf(withHeader(value))).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});
