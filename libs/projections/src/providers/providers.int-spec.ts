/**
 * Intent: what a provider rejects or its adapter drops reaches the model as a text hint, never as
 * a rejected request, an AI SDK warning or a silent loss. Each history goes through the real
 * path: `projectToModel` → `toAiSdkPrompt` → `generateText` with the real `@ai-sdk/*` adapter,
 * whose `fetch` captures the request body and answers in the provider's own wire format.
 */
import { toAiSdkPrompt } from '@agent-ledger/ai-sdk';
import type { RuntimeMessage } from '@agent-ledger/messages';
import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { generateText, type LanguageModel } from 'ai';
import { projectToModel } from '../project-to-model';
import { providerCapabilitiesOf } from './provider-capabilities-of';

/** The `fetch` every `@ai-sdk/*` provider factory takes. */
type FetchFunction = NonNullable<NonNullable<Parameters<typeof createAnthropic>[0]>['fetch']>;

/** One attachment of the history, with bytes no other attachment shares. */
interface Attachment {
  name: string;
  where: 'user' | 'assistant' | 'tool';
  mediaType: string;
  /** What the bytes say; the base64 of it is the attachment's data. */
  text: string;
  /** The name in its hint: the filename, or `image` / `media` as the projection writes it. */
  hintName: string;
}

const ATTACHMENTS: Attachment[] = [
  {
    name: 'photo.heic',
    where: 'user',
    mediaType: 'image/heic',
    text: 'heic photo',
    hintName: 'image',
  },
  {
    name: 'chart.png',
    where: 'user',
    mediaType: 'image/png',
    text: 'png chart',
    hintName: 'image',
  },
  {
    name: 'spec.pdf',
    where: 'user',
    mediaType: 'application/pdf',
    text: 'pdf spec',
    hintName: 'spec.pdf',
  },
  {
    name: 'report.xlsx',
    where: 'user',
    mediaType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    text: 'xlsx report',
    hintName: 'report.xlsx',
  },
  {
    name: 'notes.txt',
    where: 'tool',
    mediaType: 'text/plain',
    text: 'tool notes',
    hintName: 'media',
  },
  {
    name: 'screen.png',
    where: 'tool',
    mediaType: 'image/png',
    text: 'tool screenshot',
    hintName: 'media',
  },
  {
    name: 'summary.txt',
    where: 'assistant',
    mediaType: 'text/plain',
    text: 'assistant summary',
    hintName: 'summary.txt',
  },
];

const base64 = (text: string): string => Buffer.from(text).toString('base64');

function attachment(name: string): Attachment {
  const found = ATTACHMENTS.find((candidate) => candidate.name === name);
  if (found === undefined) throw new Error(`no attachment ${name}`);
  return found;
}

function fileOf(name: string) {
  const { mediaType, text } = attachment(name);
  return { type: 'file' as const, data: base64(text), mediaType, filename: name };
}

function imageOf(name: string) {
  const { mediaType, text } = attachment(name);
  return { type: 'image' as const, image: base64(text), mediaType };
}

function mediaOf(name: string) {
  const { mediaType, text } = attachment(name);
  return { type: 'media' as const, data: base64(text), mediaType };
}

const base = { sessionId: 's1', createdAt: '2026-04-08T09:00:00Z' };

/** A coding-agent turn with every kind of attachment: user image and files, tool media, an assistant file. */
const HISTORY: RuntimeMessage[] = [
  { ...base, id: 'm1', kind: 'system_note', role: 'system', content: 'You are a coding agent.' },
  {
    ...base,
    id: 'm2',
    kind: 'user_input',
    role: 'user',
    content: [
      { type: 'text', text: 'Compare the photo, the chart, the spec and the report.' },
      imageOf('photo.heic'),
      imageOf('chart.png'),
      fileOf('spec.pdf'),
      fileOf('report.xlsx'),
    ],
  },
  {
    ...base,
    id: 'm3',
    kind: 'tool_call',
    role: 'assistant',
    content: [
      {
        type: 'tool-call',
        toolCallId: 'call_1',
        toolName: 'Read',
        input: { path: 'notes' },
        // What a Gemini 3 step records; the other adapters ignore options of another provider.
        providerOptions: { google: { thoughtSignature: 'c2lnbmF0dXJl' } },
      },
    ],
  },
  {
    ...base,
    id: 'm4',
    kind: 'tool_result',
    role: 'tool',
    content: [
      {
        type: 'tool-result',
        toolCallId: 'call_1',
        toolName: 'Read',
        output: {
          type: 'content',
          value: [
            { type: 'text', text: 'Read two files.' },
            mediaOf('notes.txt'),
            mediaOf('screen.png'),
          ],
        },
      },
    ],
  },
  {
    ...base,
    id: 'm5',
    kind: 'assistant_text',
    role: 'assistant',
    content: [{ type: 'text', text: 'I wrote a summary.' }, fileOf('summary.txt')],
  },
  { ...base, id: 'm6', kind: 'user_input', role: 'user', content: 'Go on.' },
];

const ANTHROPIC_RESPONSE = {
  id: 'msg_1',
  type: 'message',
  role: 'assistant',
  model: 'claude-sonnet-4-5',
  content: [{ type: 'text', text: 'ok' }],
  stop_reason: 'end_turn',
  stop_sequence: null,
  usage: { input_tokens: 1, output_tokens: 1 },
};

const OPENAI_RESPONSES_RESPONSE = {
  id: 'resp_1',
  object: 'response',
  created_at: 1,
  status: 'completed',
  model: 'gpt-4o',
  output: [
    {
      type: 'message',
      id: 'msg_1',
      status: 'completed',
      role: 'assistant',
      content: [{ type: 'output_text', text: 'ok', annotations: [] }],
    },
  ],
  usage: { input_tokens: 1, output_tokens: 1, total_tokens: 2 },
};

const OPENAI_CHAT_RESPONSE = {
  id: 'chatcmpl_1',
  object: 'chat.completion',
  created: 1,
  model: 'gpt-4o',
  choices: [{ index: 0, message: { role: 'assistant', content: 'ok' }, finish_reason: 'stop' }],
  usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
};

const GOOGLE_RESPONSE = {
  candidates: [{ content: { role: 'model', parts: [{ text: 'ok' }] }, finishReason: 'STOP' }],
  usageMetadata: { promptTokenCount: 1, candidatesTokenCount: 1, totalTokenCount: 2 },
};

/** A `fetch` that records each request body and answers `response`. */
function capturing(response: unknown): { fetch: FetchFunction; bodies: unknown[] } {
  const bodies: unknown[] = [];
  const fetch: FetchFunction = (_input, init) => {
    bodies.push(typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body);
    return Promise.resolve(
      new Response(JSON.stringify(response), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    );
  };
  return { fetch, bodies };
}

interface ProviderCase {
  /** The adapter and model, as the test names it. */
  label: string;
  provider: string;
  model: (fetch: FetchFunction) => LanguageModel;
  response: unknown;
  /** Attachments the provider cannot take where they are: sent as their hint. */
  hinted: string[];
}

const CASES: ProviderCase[] = [
  {
    label: '@ai-sdk/anthropic claude-sonnet-4-5',
    provider: 'anthropic',
    model: (fetch) => createAnthropic({ apiKey: 'test', fetch })('claude-sonnet-4-5'),
    response: ANTHROPIC_RESPONSE,
    hinted: ['photo.heic', 'report.xlsx', 'notes.txt', 'summary.txt'],
  },
  {
    label: '@ai-sdk/openai Responses gpt-4o',
    provider: 'openai',
    model: (fetch) => createOpenAI({ apiKey: 'test', fetch })('gpt-4o'),
    response: OPENAI_RESPONSES_RESPONSE,
    hinted: ['photo.heic', 'report.xlsx', 'summary.txt'],
  },
  {
    label: '@ai-sdk/openai Chat gpt-4o',
    provider: 'openai.chat',
    model: (fetch) => createOpenAI({ apiKey: 'test', fetch }).chat('gpt-4o'),
    response: OPENAI_CHAT_RESPONSE,
    hinted: ['photo.heic', 'report.xlsx', 'notes.txt', 'screen.png', 'summary.txt'],
  },
  {
    label: '@ai-sdk/google gemini-2.5-flash (tool media after the function response)',
    provider: 'google',
    model: (fetch) => createGoogleGenerativeAI({ apiKey: 'test', fetch })('gemini-2.5-flash'),
    response: GOOGLE_RESPONSE,
    hinted: ['report.xlsx'],
  },
  {
    label: '@ai-sdk/google gemini-3-flash-preview (tool media nested in the function response)',
    provider: 'google',
    model: (fetch) => createGoogleGenerativeAI({ apiKey: 'test', fetch })('gemini-3-flash-preview'),
    response: GOOGLE_RESPONSE,
    hinted: ['report.xlsx'],
  },
];

/** Every string of a request body, and the strings of JSON texts inside it (tool outputs). */
function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') {
    const nested = parseJson(value);
    return nested === undefined ? [value] : [value, ...stringsOf(nested)];
  }
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(stringsOf);
  return [];
}

function parseJson(text: string): unknown {
  if (!/^\s*[[{]/.test(text)) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function hintOf(item: Attachment, provider: string): string {
  return `[Attachment omitted: ${item.hintName} (${item.mediaType}) — not supported by provider "${provider}"]`;
}

describe('provider capability tables through the real adapters', () => {
  let warnings: unknown[];
  let consoleWarn: jest.SpyInstance;
  const globals = globalThis as { AI_SDK_LOG_WARNINGS?: unknown };
  const logSetting = globals.AI_SDK_LOG_WARNINGS;

  beforeEach(() => {
    warnings = [];
    // Collects what the AI SDK would log (provider warnings included) instead of muting it.
    globals.AI_SDK_LOG_WARNINGS = (options: { warnings: unknown[] }) => {
      warnings.push(...options.warnings);
    };
    consoleWarn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });

  afterEach(() => {
    globals.AI_SDK_LOG_WARNINGS = logSetting;
    consoleWarn.mockRestore();
  });

  describe.each(CASES)('provider "$provider" on $label', (providerCase) => {
    const { provider, hinted } = providerCase;

    async function send() {
      const projected = projectToModel(HISTORY, {
        sessionId: 's1',
        activeAgentName: 'build',
        provider,
      });
      const prompt = toAiSdkPrompt(projected.messages, { provider });
      const { fetch, bodies } = capturing(providerCase.response);
      const result = await generateText({
        model: providerCase.model(fetch),
        ...(prompt.system === undefined ? {} : { system: prompt.system }),
        messages: prompt.messages,
        maxRetries: 0,
      });
      if (bodies.length !== 1) throw new Error(`expected one request, got ${bodies.length}`);
      return { projected, result, body: bodies[0] };
    }

    it("reads the same table under the model's own provider id", () => {
      const model = providerCase.model(capturing(providerCase.response).fetch);
      if (typeof model === 'string') throw new Error('expected a model object');
      expect(providerCapabilitiesOf(model.provider)).toBe(providerCapabilitiesOf(provider));
      expect(providerCapabilitiesOf(provider)).toBeDefined();
    });

    it('sends one request and the AI SDK warns about nothing', async () => {
      const { result } = await send();
      expect(result.text).toEqual('ok');
      expect(result.warnings).toEqual([]);
      expect(warnings).toEqual([]);
      expect(consoleWarn).not.toHaveBeenCalled();
    });

    it('every attachment is in the request, or its hint is', async () => {
      const { body } = await send();
      const strings = stringsOf(body);
      const contains = (needle: string) => strings.some((text) => text.includes(needle));
      const outcomes = ATTACHMENTS.map((item) => {
        const sent = contains(base64(item.text)) || contains(item.text);
        const hint = contains(hintOf(item, provider));
        return [item.name, sent && !hint ? 'sent' : hint && !sent ? 'hint' : 'lost or doubled'];
      });
      expect(outcomes).toEqual(
        ATTACHMENTS.map((item) => [item.name, hinted.includes(item.name) ? 'hint' : 'sent']),
      );
    });

    it('reports each message whose attachments became hints', async () => {
      const { projected } = await send();
      const hintedIn = ATTACHMENTS.filter((item) => hinted.includes(item.name));
      const messageOf = { user: 'm2', tool: 'm4', assistant: 'm5' } as const;
      expect(projected.diagnostics.truncatedMessageIds).toEqual(
        ['m2', 'm4', 'm5'].filter((id) => hintedIn.some((item) => messageOf[item.where] === id)),
      );
      expect(projected.messages.flatMap((message) => message.metadata?.notes ?? [])).toEqual(
        hintedIn.map((item) => hintOf(item, provider)),
      );
    });
  });
});
