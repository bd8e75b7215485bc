import { createLedgerClient } from '@agent-ledger/client';
import { generateText, stepCountIs, type ModelMessage } from 'ai';
import { codingAgents } from '../coding-agents.example';
import { createWireFetch } from '../wire/wire-fetch';
import { workspaceTools } from '../workspace-tools';
import { APPROVAL_SECRET, providerClients } from './provider-clients';
import type { SessionRecord } from './session-record';

/**
 * Replays every call of `record` from the ledger's history: the model context as of the call's
 * `contextRevision` (`atRevision`, same format, provider and agent), through a fresh copy of the
 * same adapter, tools and settings, into a capturing `fetch`; the first request it sends is what
 * the ledger says the model saw. For step 1 of a `generateText` that revision is the one the
 * context was read at. For step k > 1 it is the revision the ledger answered when step k-1 was
 * recorded: ai@6 awaits `onStepFinish` (its `notify`) inside the step loop before it builds the
 * next request, so nothing else was appended in between, and the replay must rebuild from the
 * ledger what the AI SDK sent from memory (the generation's first messages plus
 * `response.messages`). A replay whose context ends with approval answers runs the approved tool
 * again, on its own copy of the tools, as the original call did before its first request.
 */
export async function replayCalls(
  baseUrl: string,
  record: SessionRecord,
): Promise<SessionRecord['replays']> {
  const replays: SessionRecord['replays'] = new Map();
  const wire = createWireFetch(() => ({ text: 'Replayed.' }));
  const agents = codingAgents(providerClients(wire.fetch), workspaceTools([]), APPROVAL_SECRET);
  const ledger = createLedgerClient({ baseUrl });
  for (const call of record.calls) {
    if (call.contextRevision < 0) {
      replays.set(call.number, { error: 'the run stopped during this call: no context revision' });
      continue;
    }
    const agent = agents[call.agent];
    const query = {
      provider: agent.provider,
      activeAgentName: agent.name,
      atRevision: call.contextRevision,
    };
    const firstRequest = wire.requests.length;
    try {
      const context = await ledger.modelContext<ModelMessage>(record.sessionId, {
        ...query,
        format: call.format,
      });
      if (call.format === 'ai-sdk-prompt') {
        await generateText({
          model: agent.model,
          tools: agent.tools,
          ...agent.settings,
          ...(context.system === undefined ? {} : { system: context.system }),
          messages: context.messages,
          stopWhen: stepCountIs(1),
        });
      } else {
        await generateText({
          model: agent.model,
          ...agent.settings,
          ...(context.system === undefined ? {} : { system: context.system }),
          messages: context.messages,
        });
      }
      const request = wire.requests[firstRequest];
      replays.set(
        call.number,
        request === undefined ? { error: 'the replay sent no request' } : { body: request.body },
      );
    } catch (error) {
      replays.set(call.number, { error: error instanceof Error ? error.message : String(error) });
    }
  }
  return replays;
}
