// An OpenAI Agents SDK agent whose session lives in the ledger, offline: the model is a local
// stand-in for the Responses API. Run: `node -r ./scripts/ts-register.js examples/openai-agents/main.ts`
// (or with LEDGER_URL=http://127.0.0.1:3000 against a running `npm start`).
import { Agent, OpenAIResponsesModel, run, setTracingDisabled, tool } from '@openai/agents';
import { createOpenAIAgentsSession } from '@agent-ledger/client/openai-agents';
import OpenAI from 'openai';
import { z } from 'zod';
import { startResponsesStandIn } from '../../libs/client/test/responses-stand-in';
import { startLedger } from '../coding-agent/start-ledger';

setTracingDisabled(true);

async function main(): Promise<void> {
  const ledger = await startLedger();
  const model = await startResponsesStandIn([
    { functionCalls: [{ callId: 'call_1', name: 'add', arguments: { a: 2, b: 3 } }] },
    { text: '2 + 3 = 5' },
    { text: 'You asked me to add 2 and 3.' },
  ]);
  try {
    const agent = new Agent({
      name: 'calculator',
      instructions: 'Add numbers with the add tool.',
      model: new OpenAIResponsesModel(
        new OpenAI({ apiKey: 'offline', baseURL: model.baseURL }),
        'gpt-stand-in',
      ),
      tools: [
        tool({
          name: 'add',
          description: 'Adds two numbers.',
          parameters: z.object({ a: z.number(), b: z.number() }),
          execute: ({ a, b }) => String(a + b),
        }),
      ],
    });
    const session = createOpenAIAgentsSession({ baseUrl: ledger.url, sessionId: 'calc-1' });
    console.log((await run(agent, 'What is 2 + 3?', { session })).finalOutput);

    // Another process would do the same: a new session object resumes from the ledger.
    const resumed = createOpenAIAgentsSession({ baseUrl: ledger.url, sessionId: 'calc-1' });
    console.log((await run(agent, 'What did I ask?', { session: resumed })).finalOutput);
    console.log((await resumed.getItems()).map((item) => item.type ?? 'message').join(', '));

    // A rewind, not a deletion: the transcript still shows the popped answer, marked rewound.
    const popped = await resumed.popItem();
    console.log('popped', JSON.stringify(popped));
  } finally {
    await model.close();
    ledger.stop();
  }
}

void main();
