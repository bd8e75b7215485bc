import { collect, createLedgerClient } from '@agent-ledger/client';
import { registerTelemetryIntegration, type TelemetryIntegration } from 'ai';
import { codingAgents } from '../coding-agents.example';
import { codingSession, SYSTEM_PROMPT } from '../coding-session.example';
import { findReasoningMarkers } from '../wire/scripted-reply';
import { createScriptedFetch } from '../wire/wire-fetch';
import { recordOf } from '../wire/wire-format';
import { workspaceTools } from '../workspace-tools';
import { callsOf } from './calls-of';
import { collectWarnings } from './collect-warnings';
import { scriptedReplies } from './coding-session-script';
import { observingFetch } from './observing-fetch';
import { APPROVAL_SECRET, providerClients } from './provider-clients';
import type { ModelRequest, ObservedStep, SessionRecord } from './session-record';

/**
 * Runs `codingSession` (the guide's runtime code, unchanged) against the ledger at `baseUrl`,
 * with scripted models behind the real provider adapters, and watches it from outside: the
 * requests the adapters send, the runtime's exchanges with the ledger, the tools' executions,
 * the steps and warnings the AI SDK reports, and the transcript after each `generateText` call.
 * It never throws: a failure stops the session and is kept in `record.error`, so the calls made
 * until then can still be checked.
 */
export async function observeCodingSession(
  baseUrl: string,
  sessionId: string,
): Promise<SessionRecord> {
  const requests: ModelRequest[] = [];
  const record: SessionRecord = {
    sessionId,
    systemPrompt: SYSTEM_PROMPT,
    calls: [],
    ledger: [],
    transcripts: [],
    executions: [],
    loggedWarnings: [],
    reasoningMarkers: new Map(),
    replays: new Map(),
  };
  // Each request is noted with where it falls among the runtime's exchanges with the ledger.
  const scripted = createScriptedFetch((request) =>
    requests.push({ request, ledgerIndex: record.ledger.length }),
  );
  const agents = codingAgents(
    providerClients(scripted.fetch),
    workspaceTools(record.executions),
    APPROVAL_SECRET,
  );
  for (const [key, replies] of scriptedReplies) {
    scripted.expect(agents[key].provider, replies);
    for (const reply of replies) {
      for (const { marker, family } of findReasoningMarkers(reply.reasoning ?? '')) {
        record.reasoningMarkers.set(marker, family);
      }
    }
  }
  const steps: ObservedStep[] = [];
  // No retries: every exchange the runtime has with the ledger is one the checks see.
  const ledger = createLedgerClient({
    baseUrl,
    fetch: observingFetch(record.ledger),
    retry: { retries: 0 },
  });
  const observer = createLedgerClient({ baseUrl });
  const integration: TelemetryIntegration = {
    onStepFinish: (step) => {
      steps.push({ responseId: step.response.id, warnings: [...(step.warnings ?? [])] });
    },
    onFinish: async () => {
      const exchangeCount = record.ledger.length;
      const positions = record.ledger.flatMap((exchange) => {
        const position = recordOf(exchange.response)?.['position'];
        return exchange.method === 'POST' && typeof position === 'number' ? [position] : [];
      });
      const entries = await collect(
        observer.transcript(sessionId, { minPosition: Math.max(0, ...positions) }),
      );
      record.transcripts.push({ afterRequest: requests.length, exchangeCount, entries });
    },
  };
  const restoreWarnings = collectWarnings(record.loggedWarnings, () => requests.length);
  registerTelemetryIntegration(integration);
  try {
    await codingSession(ledger.session(sessionId), agents);
    if (scripted.remaining() > 0) {
      record.error = `the session ended with ${scripted.remaining()} scripted replies never asked for`;
    }
  } catch (error) {
    record.error = `after ${requests.length} model calls: ${error instanceof Error ? error.message : String(error)}`;
  } finally {
    restoreWarnings();
    const integrations = globalThis.AI_SDK_TELEMETRY_INTEGRATIONS ?? [];
    integrations.splice(integrations.indexOf(integration), 1);
  }
  record.calls = callsOf(requests, steps, record.ledger);
  return record;
}
