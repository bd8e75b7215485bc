import type { ModelCallCost } from '@agent-ledger/events';
import type { JsonValue, ProviderOptions } from '@agent-ledger/messages';

/**
 * The cost a provider reported in a step's provider metadata, in USD: the Vercel AI Gateway's
 * `gateway.cost` (a decimal string, or a number) and OpenRouter's `openrouter.usage.cost` (with
 * usage accounting on). `undefined` when neither is there or neither is a finite amount ≥ 0: a
 * provider that reports no cost gets none, never a guess.
 */
export function providerReportedCost(
  providerMetadata: ProviderOptions | undefined,
): ModelCallCost | undefined {
  const gateway = providerMetadata?.['gateway'];
  const openRouter = providerMetadata?.['openrouter'];
  const openRouterUsage = openRouter === undefined ? undefined : openRouter['usage'];
  const amount =
    amountOf(gateway?.['cost']) ??
    amountOf(isObject(openRouterUsage) ? openRouterUsage['cost'] : undefined);
  return amount === undefined ? undefined : { amount, currency: 'USD', source: 'provider' };
}

function amountOf(value: JsonValue | undefined): number | undefined {
  const amount =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\d+(\.\d+)?$/.test(value.trim())
        ? Number(value)
        : undefined;
  return amount !== undefined && Number.isFinite(amount) && amount >= 0 ? amount : undefined;
}

function isObject(value: JsonValue | undefined): value is { [key: string]: JsonValue } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
