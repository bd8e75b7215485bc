import { arrayOf, recordOf, textOf, type RequestFacts, type WireFormat } from './wire-format';
import type { ScriptedReply } from './scripted-reply';

/**
 * Google's Gemini API (`POST …/models/<model>:generateContent`): reasoning is a part with
 * `thought: true` (its `thoughtSignature` beside it), tool calls `functionCall` parts, results
 * `functionResponse` parts, the system prompt `systemInstruction`.
 */
export const googleWire: WireFormat = {
  provider: 'google',
  handles: (url) => new URL(url).pathname.endsWith(':generateContent'),
  respond: (reply: ScriptedReply, sequence: number) => {
    const toolCalls = reply.toolCalls ?? [];
    const signature = (what: string) =>
      Buffer.from(`google-${what}-signature-${sequence}`).toString('base64');
    return {
      responseId: `gresp-conformance${String(sequence).padStart(4, '0')}`,
      modelVersion: 'gemini-3-pro-preview',
      candidates: [
        {
          index: 0,
          content: {
            role: 'model',
            parts: [
              ...(reply.reasoning === undefined
                ? []
                : [
                    {
                      text: reply.reasoning,
                      thought: true,
                      thoughtSignature: signature('thought'),
                    },
                  ]),
              ...(reply.text === undefined ? [] : [{ text: reply.text }]),
              // Gemini signs the first function call of a response that thought.
              ...toolCalls.map((call, index) => ({
                functionCall: { id: call.id, name: call.name, args: call.input },
                ...(index === 0 && reply.reasoning !== undefined
                  ? { thoughtSignature: signature('call') }
                  : {}),
              })),
            ],
          },
          finishReason: 'STOP',
        },
      ],
      usageMetadata: {
        promptTokenCount: 1000 + sequence * 50,
        candidatesTokenCount: 110,
        thoughtsTokenCount: reply.reasoning === undefined ? 0 : 48,
        totalTokenCount: 1110 + sequence * 50 + (reply.reasoning === undefined ? 0 : 48),
      },
    };
  },
  read: (body: unknown): RequestFacts => {
    const request = recordOf(body);
    const facts: RequestFacts = {
      systemTexts: arrayOf(recordOf(request?.['systemInstruction'])?.['parts']).map((part) =>
        textOf(recordOf(part)?.['text']),
      ),
      toolCallIds: [],
      toolResults: new Map(),
      reasoningPointers: new Set(),
    };
    arrayOf(request?.['contents']).forEach((content, contentIndex) => {
      arrayOf(recordOf(content)?.['parts']).forEach((entry, partIndex) => {
        const part = recordOf(entry);
        if (part?.['thought'] === true) {
          facts.reasoningPointers.add(`/contents/${contentIndex}/parts/${partIndex}/text`);
        }
        const call = recordOf(part?.['functionCall']);
        if (call !== undefined) facts.toolCallIds.push(String(call['id']));
        const response = recordOf(part?.['functionResponse']);
        if (response !== undefined) {
          facts.toolResults.set(
            String(response['id']),
            textOf(recordOf(response['response'])?.['content']),
          );
        }
      });
    });
    return facts;
  },
};
