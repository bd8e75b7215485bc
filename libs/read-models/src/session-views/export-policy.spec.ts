import { exportRedaction } from './export-policy';

const redactWith = (policy: Parameters<typeof exportRedaction>[0]) => {
  const { redact } = exportRedaction(policy);
  return (text: string): string => (redact === false || redact === undefined ? text : redact(text));
};

describe('exportRedaction', () => {
  const text = 'sent Bearer abcdefghijklmnop1234 for ticket ACME-123456';

  it('redacts secrets by default', () => {
    expect(redactWith({})(text)).toBe('sent Bearer [REDACTED] for ticket ACME-123456');
  });

  it('adds the extra patterns to the default ones', () => {
    expect(redactWith({ extraPatterns: ['ACME-[0-9]{6}'] })(text)).toBe(
      'sent Bearer [REDACTED] for ticket [REDACTED]',
    );
  });

  it('can use the extra patterns alone', () => {
    expect(redactWith({ redactSecrets: false, extraPatterns: ['ACME-[0-9]{6}'] })(text)).toBe(
      'sent Bearer abcdefghijklmnop1234 for ticket [REDACTED]',
    );
  });

  it('turns redaction off when nothing is asked', () => {
    expect(exportRedaction({ redactSecrets: false })).toEqual({ redact: false });
  });
});
