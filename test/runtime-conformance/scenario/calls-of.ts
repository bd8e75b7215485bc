import { arrayOf, recordOf, type WireProvider } from '../wire/wire-format';
import type {
  AgentKey,
  LedgerExchange,
  ModelCall,
  ModelRequest,
  ObservedStep,
} from './session-record';

/** The session's agents by the provider each runs on (one agent per provider). */
const agentOn: Record<WireProvider, AgentKey> = {
  anthropic: 'build',
  openai: 'review',
  'openai.chat': 'reviewOnChat',
  google: 'docs',
};

/**
 * The model calls of an observed session. A call is a request a provider adapter sent; what the
 * runtime says about it comes from its next exchange with the ledger: the `ai-sdk-steps` record
 * of that step (its `generationId`, `contextRevision`), or for the summarizer the `compactions`
 * that follows it (the context is the `compact-prompt` read just before). The step's warnings are
 * matched by response id, which the scripted providers number like the requests.
 */
export function callsOf(
  requests: readonly ModelRequest[],
  steps: readonly ObservedStep[],
  ledger: readonly LedgerExchange[],
): ModelCall[] {
  const warningsByRequest = new Map(
    steps.map((step) => [requestNumberOf(step.responseId), step.warnings] as const),
  );
  const stepsPerGeneration = new Map<string, number>();
  return requests.map(({ request, ledgerIndex }, index): ModelCall => {
    const number = index + 1;
    const before = ledger.slice(0, ledgerIndex);
    const turn = before.filter(postsUserInput).length;
    const recorded = ledger.slice(ledgerIndex).find((exchange) => {
      const route = routeOf(exchange);
      return exchange.method === 'POST' && (route === 'ai-sdk-steps' || route === 'compactions');
    });
    const body = recordOf(recorded?.body);
    const agent = agentOn[request.provider];
    const agentName = typeof body?.['agentName'] === 'string' ? body['agentName'] : agent;
    const name = `#${String(number).padStart(2, '0')} ${agentName}·${request.provider} turn ${turn}`;
    const base = { number, agent, provider: request.provider, request };
    const stepWarnings = warningsByRequest.get(number) ?? [];
    if (recorded !== undefined && routeOf(recorded) === 'compactions') {
      const prompt = before.findLast((exchange) => exchange.path.includes('format=compact-prompt'));
      const revision = recordOf(prompt?.response)?.['revision'];
      return {
        ...base,
        label: `${name} summary`,
        format: 'compact-prompt',
        contextRevision: typeof revision === 'number' ? revision : -1,
        stepWarnings,
      };
    }
    const generationId = String(body?.['generationId']);
    const step = (stepsPerGeneration.get(generationId) ?? 0) + 1;
    stepsPerGeneration.set(generationId, step);
    const revision = body?.['contextRevision'];
    return {
      ...base,
      label: recorded === undefined ? `${name} (not recorded)` : `${name} step ${step}`,
      format: 'ai-sdk-prompt',
      contextRevision: typeof revision === 'number' ? revision : -1,
      stepWarnings,
    };
  });
}

function routeOf(exchange: LedgerExchange): string | undefined {
  return exchange.path.split('?')[0]?.split('/').at(-1);
}

function postsUserInput(exchange: LedgerExchange): boolean {
  return (
    exchange.method === 'POST' &&
    routeOf(exchange) === 'messages' &&
    arrayOf(recordOf(exchange.body)?.['messages']).some(
      (message) => recordOf(message)?.['kind'] === 'user_input',
    )
  );
}

/** The request number the scripted providers put in their response ids (`…conformance0007`). */
function requestNumberOf(responseId: string | undefined): number {
  return Number(/conformance(\d{4})/.exec(responseId ?? '')?.[1] ?? Number.NaN);
}
