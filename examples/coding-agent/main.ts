import { createLedgerClient, collect, pendingApprovals } from '@agent-ledger/client';
import { generateText, stepCountIs, tool } from 'ai';
import { z } from 'zod';
import { agentModel } from './model';
import { startLedger } from './start-ledger';

/** The workspace the agent works on: one file, in memory. */
const files = new Map([['src/auth.ts', 'export const userOf = (token) => users.get(token.id);\n']]);

const tools = {
  Read: tool({
    description: 'Read a file of the workspace.',
    inputSchema: z.object({ path: z.string() }),
    execute: ({ path }) => Promise.resolve(files.get(path) ?? `No such file: ${path}`),
  }),
  Edit: tool({
    description: 'Replace text in a file of the workspace.',
    inputSchema: z.object({ path: z.string(), find: z.string(), replace: z.string() }),
    needsApproval: true,
    execute: ({ path, find, replace }) => {
      files.set(path, (files.get(path) ?? '').replace(find, replace));
      return Promise.resolve(`Edited ${path}.`);
    },
  }),
};

/** A small coding agent on @agent-ledger/client: `npm run example:agent`. */
async function main() {
  const ledgerServer = await startLedger();
  try {
    const { model, provider, offline } = agentModel();
    console.log(`ledger ${ledgerServer.url} · model ${offline ? 'scripted (offline)' : provider}`);
    const ledger = createLedgerClient({ baseUrl: ledgerServer.url, ...apiKey() });
    const session = ledger.session(`coding-agent-${Date.now()}`, { agentName: 'build' });

    await session.recordSystemPrompt('You are a coding agent. Read before you edit.');
    await session.recordUserInput('Login fails for valid users. Fix src/auth.ts.');
    for (let turn = 0; turn < 5; turn += 1) {
      // The loop: the ledger's context in, every step recorded as it finishes.
      const prompt = await session.prompt({ provider });
      const result = await generateText({
        model,
        tools,
        ...prompt,
        stopWhen: stepCountIs(5),
        onStepFinish: session.recordStep,
      });
      await session.recordResult(result);
      const approvals = pendingApprovals(result);
      if (approvals.length === 0) break;
      for (const approval of approvals)
        console.log(`approve ${approval.toolName} ${JSON.stringify(approval.input)}`);
      await session.respondToApprovals(
        approvals.map(({ approvalId }) => ({ approvalId, approved: true })),
      );
    }
    const compaction = await session.compact({ model, provider });
    console.log(`compacted: ${compaction.summary}`);

    for await (const entry of session.transcript()) {
      console.log(`${entry.kind.padEnd(22)} ${JSON.stringify(entry.content).slice(0, 80)}`);
    }
    const events = await collect(session.events());
    console.log(`${events.length} events; src/auth.ts is now: ${files.get('src/auth.ts')?.trim()}`);
    if (!files.get('src/auth.ts')?.includes('token.sub') && offline)
      throw new Error('the agent did not fix the file');
  } finally {
    ledgerServer.stop();
  }
}

function apiKey(): { apiKey?: string } {
  const key = process.env['LEDGER_API_KEY'];
  return key === undefined ? {} : { apiKey: key };
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
