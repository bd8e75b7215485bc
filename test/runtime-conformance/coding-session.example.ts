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
} from './agent-loop.example';
import type { codingAgents } from './coding-agents.example';
import type { LedgerClient } from './ledger-client.example';

/** The coding agents of `codingAgents`. */
export type CodingAgents = ReturnType<typeof codingAgents>;

/** The session's system prompt. */
export const SYSTEM_PROMPT =
  'You are a coding agent in the acme/shop repository (workspace root /repo). Make small, tested changes; never push to main.';

// #region session
/**
 * A coding session: "build" finds and fixes a bug, lints, pushes (a human approves), fixes a red
 * CI run after a hook's reminder, is refused a force-push to main, compacts, adds a test; "review"
 * reviews the diff and writes the PR text on a cheaper model; "docs" documents the fix.
 */
export async function codingSession(ledger: LedgerClient, sessionId: string, agents: CodingAgents) {
  const { build, review, reviewOnChat, docs } = agents;
  await startSession(ledger, sessionId, SYSTEM_PROMPT);
  await recordUserInput(
    ledger,
    sessionId,
    'Login fails for valid users. Find out why in src/auth.ts and fix it.',
  );
  await generate(ledger, sessionId, build);

  await recordUserInput(ledger, sessionId, 'Run the linter too, then push the branch.');
  const lint = await generate(ledger, sessionId, build); // stops at the push, which needs a yes
  await answerApprovals(
    ledger,
    sessionId,
    pendingApprovals(lint.result).map(({ approvalId }) => ({ approvalId, approved: true })),
  );
  await generate(ledger, sessionId, build); // the AI SDK runs the approved push, then the model goes on

  await recordUserInput(ledger, sessionId, 'CI is red on the pushed branch. Take a look.');
  await generate(ledger, sessionId, build);
  await remind(
    ledger,
    sessionId,
    'CI rerun finished: auth.spec.ts › rejects expired tokens failed again with the same message.',
  );
  await generate(ledger, sessionId, build);
  await pruneOldToolResults(ledger, sessionId);

  await recordUserInput(
    ledger,
    sessionId,
    'Force-push the fix to main so the release picks it up.',
  );
  const forcePush = await generate(ledger, sessionId, build);
  await answerApprovals(
    ledger,
    sessionId,
    pendingApprovals(forcePush.result).map(({ approvalId }) => ({
      approvalId,
      approved: false,
      reason: 'Never force-push main; open a pull request instead.',
    })),
  );
  await generate(ledger, sessionId, build); // the model is told the push was denied
  await compact(ledger, sessionId, build, 48_000);

  await recordUserInput(ledger, sessionId, 'Add a regression test for the token field.');
  await generate(ledger, sessionId, build);
  await handOff(
    ledger,
    sessionId,
    build,
    review,
    'Fixed the user lookup in src/auth.ts (token.sub) and added a regression test on fix/login-token. Please review the diff.',
  );
  await generate(ledger, sessionId, review);

  await recordUserInput(ledger, sessionId, 'Write the PR description from your review.');
  await generate(ledger, sessionId, reviewOnChat);
  await handOff(
    ledger,
    sessionId,
    reviewOnChat,
    docs,
    'The login fix is reviewed; document it in docs/auth.md.',
  );
  await generate(ledger, sessionId, docs);

  await recordUserInput(ledger, sessionId, 'Thanks. Is anything else left?');
  await generate(ledger, sessionId, docs);
}
// #endregion session
