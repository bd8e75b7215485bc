import { pendingApprovals, type LedgerSession } from '@agent-ledger/client';
import { generate } from './agent-loop.example';
import type { codingAgents } from './coding-agents.example';

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
export async function codingSession(session: LedgerSession, agents: CodingAgents) {
  const { build, review, reviewOnChat, docs } = agents;
  await session.recordSystemPrompt(SYSTEM_PROMPT);
  await session.recordUserInput(
    'Login fails for valid users. Find out why in src/auth.ts and fix it.',
  );
  await generate(session, build);

  await session.recordUserInput('Run the linter too, then push the branch.');
  const lint = await generate(session, build); // stops at the push, which needs a yes
  await session.respondToApprovals(
    pendingApprovals(lint).map(({ approvalId }) => ({ approvalId, approved: true })),
  );
  await generate(session, build); // the AI SDK runs the approved push, then the model goes on

  await session.recordUserInput('CI is red on the pushed branch. Take a look.');
  await generate(session, build);
  await session.remind(
    'CI rerun finished: auth.spec.ts › rejects expired tokens failed again with the same message.',
    'hook',
  );
  await generate(session, build);
  // Old, long tool results become stubs for the model; the transcript keeps them whole.
  await session.prune({ keepLastUserTurns: 1, minChars: 400 });

  await session.recordUserInput('Force-push the fix to main so the release picks it up.');
  const forcePush = await generate(session, build);
  await session.respondToApprovals(
    pendingApprovals(forcePush).map(({ approvalId }) => ({
      approvalId,
      approved: false,
      reason: 'Never force-push main; open a pull request instead.',
    })),
  );
  await generate(session, build); // the model is told the push was denied
  await session.compact({
    model: build.model,
    provider: build.provider,
    agentName: build.name,
    settings: build.settings, // the agent's own settings, so an audit replays the summarizer too
    tokensBefore: 48_000,
  });

  await session.recordUserInput('Add a regression test for the token field.');
  await generate(session, build);
  await session.handoff({
    from: build.name,
    to: review.name,
    summary:
      'Fixed the user lookup in src/auth.ts (token.sub) and added a regression test on fix/login-token. Please review the diff.',
    reason: 'review requested',
  });
  await generate(session, review);

  await session.recordUserInput('Write the PR description from your review.');
  await generate(session, reviewOnChat);
  await session.handoff({
    from: reviewOnChat.name,
    to: docs.name,
    summary: 'The login fix is reviewed; document it in docs/auth.md.',
    reason: 'docs requested',
  });
  await generate(session, docs);

  await session.recordUserInput('Thanks. Is anything else left?');
  await generate(session, docs);
}
// #endregion session
