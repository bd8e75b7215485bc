import { withLedgerServer } from './with-ledger-server';
import { anthropicValidityViolations } from './intents/anthropic-validity-violations';
import {
  approvalExecutionViolations,
  approvalResultViolations,
  approvalsOf,
} from './intents/approval-violations';
import { interruptionClaimViolations } from './intents/interruption-claim-violations';
import { reasoningLeakViolations } from './intents/reasoning-leak-violations';
import { replayViolations } from './intents/replay-violations';
import { systemPromptViolations } from './intents/system-prompt-violations';
import { transcriptViolations } from './intents/transcript-violations';
import { loggedWarningViolations, stepWarningViolations } from './intents/warning-violations';
import { replayCalls } from './scenario/replay-calls';
import { observeCodingSession } from './scenario/observe-coding-session';
import type { ModelCall, SessionRecord } from './scenario/session-record';

/**
 * The runtime conformance suite: a scripted multi-agent coding session (see
 * `scenario/coding-session-script.ts`) runs on ai@6 `generateText` with the real Anthropic,
 * OpenAI (Responses and Chat) and Google adapters against the real server, the way the guide
 * (docs/integrating-a-runtime.md) tells a runtime to. Every model call is then checked for what
 * the runtime meant, on the request body the adapter sent; each failure names the call.
 */
describe('runtime conformance: a multi-agent coding session through the ledger', () => {
  const ledgerServer = withLedgerServer();
  let record: SessionRecord;

  beforeAll(async () => {
    record = await observeCodingSession(ledgerServer.url, 'coding-session');
    record.replays = await replayCalls(ledgerServer.url, record);
  }, 90_000);

  const everyCall = (check: (call: ModelCall) => string[]) => record.calls.flatMap(check);

  it('runs the whole script: 30+ model calls on all four adapters, every ledger request answered', () => {
    expect(record.error).toBeUndefined();
    expect(
      record.ledger
        .filter((exchange) => exchange.status !== 200)
        .map(({ method, path, status, response }) => ({ method, path, status, response })),
    ).toEqual([]);
    expect(record.calls.length).toBeGreaterThanOrEqual(30);
    expect(new Set(record.calls.map((call) => call.provider))).toEqual(
      new Set(['anthropic', 'openai', 'openai.chat', 'google']),
    );
  });

  it('sends Anthropic only requests its Messages API accepts', () => {
    expect(everyCall(anthropicValidityViolations)).toEqual([]);
  });

  it('1. every call carries the session’s system prompt', () => {
    expect(everyCall((call) => systemPromptViolations(call, record.systemPrompt))).toEqual([]);
  });

  it('2. the approved tool ran exactly once, the denied one never, and the model is told so', () => {
    const answers = approvalsOf(record.ledger);
    expect(answers.map(({ approved }) => approved)).toEqual([true, false]);
    expect([
      ...approvalExecutionViolations(record.executions, answers),
      ...everyCall((call) => approvalResultViolations(call, answers, record.executions)),
    ]).toEqual([]);
  });

  it('3. no call claims an interruption that did not happen', () => {
    expect(everyCall(interruptionClaimViolations)).toEqual([]);
  });

  it('4. reasoning reaches a provider only as reasoning, and only its own family’s', () => {
    expect(everyCall((call) => reasoningLeakViolations(call, record.reasoningMarkers))).toEqual([]);
  });

  it('5. the AI SDK warns about nothing', () => {
    expect([
      ...everyCall(stepWarningViolations),
      ...loggedWarningViolations(record.loggedWarnings, record.calls),
    ]).toEqual([]);
  });

  it('6. each message the runtime sent is in the transcript once, in order, and nothing else', () => {
    expect(transcriptViolations(record)).toEqual([]);
  });

  it('7. model-context?atRevision= reproduces every call’s request body byte for byte', () => {
    expect(everyCall((call) => replayViolations(call, record.replays))).toEqual([]);
  });
});
