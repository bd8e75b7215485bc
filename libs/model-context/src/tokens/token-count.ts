/**
 * How `tokens.input` of a model context was counted: OpenAI's own tokenizer (`o200k_base`), an
 * estimate calibrated by the usage the session's recorded model calls reported, or a plain estimate
 * (about four characters a token) when no call of the provider was recorded.
 */
export type TokenCountMethod = 'tokenizer:o200k_base' | 'calibrated' | 'estimate';

/** The size of a model context in input tokens, for the provider it was asked for. */
export interface ContextTokens {
  input: number;
  method: TokenCountMethod;
}

/**
 * What the session's recorded calls say about the estimate: tokens ≈ `overheadTokens` +
 * `ratio` × estimate (the overhead is what the ledger does not see: tool definitions, the
 * provider's framing). `calls`: how many recorded calls it was fitted on (0: the defaults).
 */
export interface TokenCalibration {
  ratio: number;
  overheadTokens: number;
  calls: number;
}

/** The calibration before any call was recorded: the plain estimate. */
export const UNCALIBRATED: TokenCalibration = { ratio: 1, overheadTokens: 0, calls: 0 };
