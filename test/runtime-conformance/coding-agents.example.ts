import type { AnthropicProvider } from '@ai-sdk/anthropic';
import type { GoogleGenerativeAIProvider } from '@ai-sdk/google';
import type { OpenAIProvider } from '@ai-sdk/openai';
import type { ToolSet } from 'ai';
import type { Agent } from './agent-loop.example';

/** The provider clients a runtime creates once (`createAnthropic({ apiKey })`, …). */
export interface ProviderClients {
  anthropic: AnthropicProvider;
  openai: OpenAIProvider;
  google: GoogleGenerativeAIProvider;
}

// #region agents
/**
 * The coding agents: "build" on Anthropic with extended thinking, "review" on OpenAI's Responses
 * API (and on Chat Completions for cheap follow-ups), "docs" on Gemini. `provider` is the value
 * the ledger serializes for. The Responses API is used statelessly (`store: false`): the ledger
 * is the history, and reasoning travels as encrypted content instead of references to items
 * OpenAI stored.
 */
export function codingAgents(providers: ProviderClients, tools: ToolSet, approvalSecret: string) {
  const approvals = { experimental_toolApprovalSecret: approvalSecret };
  return {
    build: {
      name: 'build',
      provider: 'anthropic',
      model: providers.anthropic('claude-sonnet-4-5'),
      tools,
      settings: {
        ...approvals,
        maxOutputTokens: 4096,
        providerOptions: { anthropic: { thinking: { type: 'enabled', budgetTokens: 2048 } } },
      },
    },
    review: {
      name: 'review',
      provider: 'openai',
      model: providers.openai('gpt-5'),
      tools,
      settings: {
        ...approvals,
        providerOptions: { openai: { store: false, reasoningSummary: 'auto' } },
      },
    },
    reviewOnChat: {
      name: 'review',
      provider: 'openai.chat',
      model: providers.openai.chat('gpt-4.1-mini'),
      tools,
      settings: approvals,
    },
    docs: {
      name: 'docs',
      provider: 'google',
      model: providers.google('gemini-3-pro-preview'),
      tools,
      settings: {
        ...approvals,
        providerOptions: {
          google: { thinkingConfig: { includeThoughts: true, thinkingBudget: 1024 } },
        },
      },
    },
  } satisfies Record<string, Agent>;
}
// #endregion agents
