import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import type { ProviderClients } from '../coding-agents.example';

/** The real provider adapters, sending to `fetch` instead of the network. */
export function providerClients(fetch: typeof globalThis.fetch): ProviderClients {
  return {
    anthropic: createAnthropic({ apiKey: 'test-key', fetch }),
    openai: createOpenAI({ apiKey: 'test-key', fetch }),
    google: createGoogleGenerativeAI({ apiKey: 'test-key', fetch }),
  };
}

/** Signs the approval requests of the scripted session (`experimental_toolApprovalSecret`). */
export const APPROVAL_SECRET = 'conformance-approval-secret';
