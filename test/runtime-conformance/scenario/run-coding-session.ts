import {
  answerApprovals,
  compact,
  generate,
  handOff,
  pendingApprovals,
  pruneOldToolResults,
  recordUserInput,
  remind,
  startSession,
  type Generation,
} from '../agent-loop.example';
import { codingAgents } from '../coding-agents.example';
import { createLedgerClient } from '../ledger-client.example';
import { findReasoningMarkers, type ScriptedReply } from '../wire/scripted-reply';
import { createScriptedFetch } from '../wire/wire-fetch';
import { recordOf } from '../wire/wire-format';
import { workspaceTools } from '../workspace-tools';
import { collectWarnings } from './collect-warnings';
import { APPROVED_PUSH, DENIED_PUSH, SYSTEM_PROMPT, script } from './coding-session-script';
import { observingFetch } from './observing-fetch';
import { APPROVAL_SECRET, providerClients } from './provider-clients';
import type { AgentKey, SessionRecord } from './session-record';

/**
 * Runs the scripted multi-agent coding session against the ledger at `baseUrl`, the way a runtime
 * does (the `*.example.ts` functions the guide shows), and records every model call, every
 * exchange with the ledger, the tool executions and the warnings. It never throws: a failure stops
 * the script and is kept in `record.error`, so the calls made until then can still be checked.
 */
export async function runCodingSession(baseUrl: string, sessionId: string): Promise<SessionRecord> {
  const scripted = createScriptedFetch();
  const record: SessionRecord = {
    sessionId,
    systemPrompt: SYSTEM_PROMPT,
    calls: [],
    ledger: [],
    transcripts: [],
    executions: [],
    loggedWarnings: [],
    approvals: {
      approvedCallId: APPROVED_PUSH.callId,
      approvedOutput: APPROVED_PUSH.output,
      deniedCallId: DENIED_PUSH.callId,
      denialReason: DENIED_PUSH.reason,
    },
    reasoningMarkers: new Map(),
    replays: new Map(),
  };
  const agents = codingAgents(
    providerClients(scripted.fetch),
    workspaceTools(record.executions),
    APPROVAL_SECRET,
  );
  const ledger = createLedgerClient(baseUrl, observingFetch(record.ledger));
  let generation = 'before the first call';
  const restoreWarnings = collectWarnings(record.loggedWarnings, () => generation);

  /** Expects `replies` from `key`'s provider, then runs one `generate` and records its calls. */
  const run = async (
    key: AgentKey,
    turn: string,
    replies: ScriptedReply[],
  ): Promise<Generation> => {
    const agent = agents[key];
    noteReasoning(replies, agent.provider);
    scripted.expect(agent.provider, replies);
    generation = `${agent.name}·${agent.provider} (${turn})`;
    const firstRequest = scripted.requests.length;
    let outcome: Awaited<ReturnType<typeof generate>> | undefined;
    try {
      outcome = await generate(ledger, sessionId, agent);
    } finally {
      const requests = scripted.requests.slice(firstRequest);
      requests.forEach((request, index) =>
        record.calls.push({
          number: record.calls.length + 1,
          label: `#${String(record.calls.length + 1).padStart(2, '0')} ${generation} step ${index + 1}/${requests.length}`,
          agent: key,
          provider: agent.provider,
          format: 'ai-sdk-prompt',
          contextRevision: outcome?.contextRevisions[index] ?? -1,
          stepNumber: index + 1,
          request,
          stepWarnings: outcome?.result.steps[index]?.warnings ?? [],
          generation,
        }),
      );
    }
    if (scripted.remaining() > 0) {
      throw new Error(`${generation} stopped with ${scripted.remaining()} replies unasked`);
    }
    await snapshotTranscript();
    return outcome.result;
  };

  const summarize = async (key: AgentKey, replies: ScriptedReply[]): Promise<void> => {
    const agent = agents[key];
    scripted.expect(agent.provider, replies);
    generation = `${agent.name}·${agent.provider} (summary for the compaction)`;
    const firstRequest = scripted.requests.length;
    const { prompt, summarizer } = await compact(ledger, sessionId, agent, 48_000);
    const request = scripted.requests[firstRequest];
    if (request === undefined) throw new Error('the summarizer sent no request');
    record.calls.push({
      number: record.calls.length + 1,
      label: `#${String(record.calls.length + 1).padStart(2, '0')} ${generation}`,
      agent: key,
      provider: agent.provider,
      format: 'compact-prompt',
      contextRevision: prompt.revision,
      stepNumber: 1,
      request,
      stepWarnings: summarizer.steps[0]?.warnings ?? [],
      generation,
    });
    await snapshotTranscript();
  };

  const snapshotTranscript = async (): Promise<void> => {
    const positions = record.ledger.flatMap((exchange) => {
      const position = recordOf(exchange.response)?.['position'];
      return exchange.method === 'POST' && typeof position === 'number' ? [position] : [];
    });
    const exchangeCount = record.ledger.length;
    const entries = await ledger.transcript(sessionId, Math.max(0, ...positions));
    record.transcripts.push({
      afterCall: record.calls.at(-1)?.label ?? 'before the first call',
      exchangeCount,
      entries,
    });
  };

  const noteReasoning = (replies: ScriptedReply[], provider: string): void => {
    for (const reply of replies) {
      for (const { marker, family } of findReasoningMarkers(reply.reasoning ?? '')) {
        if (!provider.startsWith(family)) throw new Error(`${marker} is scripted for ${provider}`);
        record.reasoningMarkers.set(marker, family);
      }
    }
  };

  /** The approval requests `result` stopped on must be exactly `expected` calls. */
  const approvalOf = (result: Generation, toolCallId: string): string => {
    const pending = pendingApprovals(result);
    const approval = result.content.find(
      (part) => part.type === 'tool-approval-request' && part.toolCall.toolCallId === toolCallId,
    );
    if (pending.length !== 1 || approval?.type !== 'tool-approval-request') {
      throw new Error(`expected one approval request, for ${toolCallId}; got ${pending.length}`);
    }
    return approval.approvalId;
  };

  try {
    await startSession(ledger, sessionId, SYSTEM_PROMPT);
    await recordUserInput(
      ledger,
      sessionId,
      'Login fails for valid users. Find out why in src/auth.ts and fix it.',
    );
    await run('build', 'turn 1', script.findTheBug);

    await recordUserInput(ledger, sessionId, 'Run the linter too, then push the branch.');
    const pushRequest = await run('build', 'turn 2', script.lintAndPush);
    await answerApprovals(ledger, sessionId, [
      { approvalId: approvalOf(pushRequest, APPROVED_PUSH.callId), approved: true },
    ]);
    await run('build', 'turn 2, approved push', script.afterApprovedPush);

    await recordUserInput(ledger, sessionId, 'CI is red on the pushed branch. Take a look.');
    await run('build', 'turn 3', script.readCiLog);
    await remind(
      ledger,
      sessionId,
      'CI rerun finished: auth.spec.ts › rejects expired tokens failed again with the same message.',
    );
    await run('build', 'turn 3, after the CI reminder', script.fixTheTest);
    await pruneOldToolResults(ledger, sessionId);

    await recordUserInput(
      ledger,
      sessionId,
      'Force-push the fix to main so the release picks it up.',
    );
    const forcePushRequest = await run('build', 'turn 4', script.forcePush);
    await answerApprovals(ledger, sessionId, [
      {
        approvalId: approvalOf(forcePushRequest, DENIED_PUSH.callId),
        approved: false,
        reason: DENIED_PUSH.reason,
      },
    ]);
    await run('build', 'turn 4, denied push', script.afterDeniedPush);
    await summarize('build', script.summary);

    await recordUserInput(ledger, sessionId, 'Add a regression test for the token field.');
    await run('build', 'turn 5', script.regressionTest);
    await handOff(
      ledger,
      sessionId,
      agents.build,
      agents.review,
      'Fixed the user lookup in src/auth.ts (token.sub) and added a regression test on fix/login-token. Please review the diff.',
    );
    await run('review', 'turn 5, after the hand-off', script.review);

    await recordUserInput(ledger, sessionId, 'Write the PR description from your review.');
    await run('reviewOnChat', 'turn 6', script.prDescription);
    await handOff(
      ledger,
      sessionId,
      agents.reviewOnChat,
      agents.docs,
      'The login fix is reviewed; document it in docs/auth.md.',
    );
    await run('docs', 'turn 6, after the hand-off', script.documentTheFix);

    await recordUserInput(ledger, sessionId, 'Thanks. Is anything else left?');
    await run('docs', 'turn 7', script.wrapUp);
  } catch (error) {
    record.error = `${generation}: ${error instanceof Error ? error.message : String(error)}`;
  } finally {
    restoreWarnings();
  }
  return record;
}
