import { generateText } from 'ai';
import { createWireFetch } from '../wire/wire-fetch';
import { collectWarnings } from './collect-warnings';
import { providerClients } from './provider-clients';
import type { LoggedWarning } from './session-record';

describe('collectWarnings', () => {
  it('collects the model warnings ai@6 logs and its console warnings, then puts both back', async () => {
    const wire = createWireFetch(() => ({ text: 'ok' }));
    const { anthropic } = providerClients(wire.fetch);
    const sink: LoggedWarning[] = [];
    const restore = collectWarnings(sink, () => wire.requests.length);
    try {
      // Anthropic does not support `seed` (a model warning); a system message inside `messages`
      // makes ai@6 warn on the console.
      await generateText({
        model: anthropic('claude-sonnet-4-5'),
        seed: 7,
        messages: [
          { role: 'user', content: 'Hi.' },
          { role: 'system', content: 'Be terse.' },
          { role: 'user', content: 'Again.' },
        ],
      });
    } finally {
      restore();
    }
    // The console warning comes before the request, the model's warning after it.
    expect(sink.map((logged) => [logged.afterRequest, JSON.stringify(logged.warning)])).toEqual([
      [0, expect.stringContaining('allowSystemInMessages') as string],
      [1, expect.stringContaining('"feature":"seed"') as string],
    ]);
    expect((globalThis as { AI_SDK_LOG_WARNINGS?: unknown }).AI_SDK_LOG_WARNINGS).toBe(false);
  });
});
