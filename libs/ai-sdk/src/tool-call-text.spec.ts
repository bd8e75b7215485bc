import { toolCallText } from './tool-call-text';

const search = { toolName: 'web_search', input: { query: 'ai sdk' }, providerExecuted: true };

describe('toolCallText', () => {
  it.each([
    [
      { type: 'text' as const, value: 'Three pages found.' },
      '[Provider tool "web_search" was called with {"query":"ai sdk"} and returned: Three pages found.]',
    ],
    [
      { type: 'json' as const, value: [{ url: 'https://ai-sdk.dev' }] },
      '[Provider tool "web_search" was called with {"query":"ai sdk"} and returned: [{"url":"https://ai-sdk.dev"}]]',
    ],
    [
      { type: 'error-text' as const, value: 'rate limited' },
      '[Provider tool "web_search" was called with {"query":"ai sdk"} and failed: rate limited]',
    ],
    [
      { type: 'error-json' as const, value: { code: 429 } },
      '[Provider tool "web_search" was called with {"query":"ai sdk"} and failed: {"code":429}]',
    ],
    [
      {
        type: 'content' as const,
        value: [
          { type: 'text' as const, text: 'A chart:' },
          { type: 'media' as const, data: 'iVBORw0=', mediaType: 'image/png' },
        ],
      },
      '[Provider tool "web_search" was called with {"query":"ai sdk"} and returned: A chart:\n[image/png data]]',
    ],
    [
      { type: 'execution-denied' as const, reason: 'blocked by policy' },
      '[Provider tool "web_search" was called with {"query":"ai sdk"} and was not executed: blocked by policy]',
    ],
    [
      { type: 'execution-denied' as const },
      '[Provider tool "web_search" was called with {"query":"ai sdk"} and was not executed]',
    ],
    [
      undefined,
      '[Provider tool "web_search" was called with {"query":"ai sdk"}; no result was recorded]',
    ],
  ])('renders the output %j', (output, expected) => {
    expect(toolCallText(search, output)).toBe(expected);
  });

  it('quotes the tool name, so a blank name stays visible, and marks blank output as empty', () => {
    expect(
      toolCallText(
        { toolName: ' ', input: null, providerExecuted: true },
        { type: 'error-text', value: '' },
      ),
    ).toBe('[Provider tool " " was called with null and failed: (empty)]');
  });

  it('says "Tool" for a call the runtime executed', () => {
    expect(toolCallText({ toolName: 'toString', input: {} }, { type: 'text', value: 'x' })).toBe(
      '[Tool "toString" was called with {} and returned: x]',
    );
  });

  it('says how the call was approved', () => {
    expect(
      [
        [{ approved: true }],
        [{ approved: true }, { approved: false, reason: 'too broad' }],
        [{ approved: false }],
      ].map((responses) => toolCallText(search, { type: 'execution-denied' }, responses)),
    ).toEqual([
      '[Provider tool "web_search" was called with {"query":"ai sdk"} (approval granted) and was not executed]',
      '[Provider tool "web_search" was called with {"query":"ai sdk"} (approval denied: too broad) and was not executed]',
      '[Provider tool "web_search" was called with {"query":"ai sdk"} (approval denied) and was not executed]',
    ]);
  });
});
