import { generateText, stepCountIs, type LanguageModel, type ToolSet } from 'ai';
import type { LedgerSession } from '@agent-ledger/client';

/** The settings of an agent's model calls, the same for every call (and for an audit's replay). */
export type AgentCallSettings = Pick<
  Parameters<typeof generateText>[0],
  'maxOutputTokens' | 'providerOptions' | 'experimental_toolApprovalSecret'
>;

/** What `generateText` answers. */
export type Generation = Awaited<ReturnType<typeof generateText<ToolSet>>>;

/** The `provider` values the ledger serializes for. */
export type LedgerProvider = 'anthropic' | 'openai' | 'openai.chat' | 'google';

/** One agent of the runtime: its name in the ledger, the model it runs on, its tools. */
export interface Agent {
  name: string;
  provider: LedgerProvider;
  model: LanguageModel;
  tools: ToolSet;
  settings: AgentCallSettings;
}

// #region generate
/**
 * One `generateText` call on the ledger's context; each step is recorded as it finishes. A step
 * the ledger refuses aborts the call (through `prompt.abortSignal`), which then fails with the
 * ledger's error: the next step would build on a history the ledger does not have.
 */
export async function generate(session: LedgerSession, agent: Agent, maxSteps = 5) {
  const prompt = await session.prompt({ provider: agent.provider, agentName: agent.name });
  const result = await generateText({
    model: agent.model,
    tools: agent.tools,
    ...agent.settings,
    ...prompt,
    stopWhen: stepCountIs(maxSteps),
    onStepFinish: session.recordStep,
  });
  await session.recordResult(result);
  return result;
}
// #endregion generate

// #region budget
/**
 * `generate` under a token budget: the first step and every later one are fitted to
 * `maxInputTokens` (older tool results stubbed in batches, so the prompt cache keeps its prefix).
 */
export async function generateWithin(
  session: LedgerSession,
  agent: Pick<Agent, 'provider' | 'model' | 'tools'>,
  maxInputTokens: number,
  maxSteps = 5,
) {
  const prompt = await session.prompt({ provider: agent.provider, maxInputTokens });
  const result = await generateText({
    model: agent.model,
    tools: agent.tools,
    ...prompt,
    prepareStep: session.prepareStep, // later steps: the ledger's context, under the same budget
    stopWhen: stepCountIs(maxSteps),
    onStepFinish: session.recordStep,
  });
  await session.recordResult(result);
  return result;
}
// #endregion budget
