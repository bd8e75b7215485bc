import type { ModelMessage } from '@agent-ledger/projections';
import { modelMessageText } from './model-message-text';

/** Tokens a provider adds around every message (role markers), in OpenAI's chat framing. */
const MESSAGE_FRAMING_TOKENS = 4;

/** Characters per token of the plain estimate (English prose and code with o200k-like tokenizers). */
const CHARACTERS_PER_TOKEN = 4;

/** Counts the tokens of one text with OpenAI's `o200k_base` encoding. */
export type EncodingCount = (text: string) => number;

/**
 * Counts model-view messages in tokens, by estimate or with OpenAI's tokenizer. It remembers the
 * tokenizer's count of each message object (the model context hands out the same frozen message
 * objects for the messages a request did not change, so a long session costs the encoding of what
 * is new); the estimate is a length, computed each time. One is
 * owned by each `ModelContextReader`; the tokenizer is loaded on the first OpenAI count only, so the
 * server's start and the client do not pay for it.
 */
export class TokenCounter {
  private readonly encoded = new WeakMap<object, number>();
  private encoding: Promise<EncodingCount> | undefined;

  /** The plain estimate of a message: its text's characters over four, plus the message framing. */
  estimate(message: ModelMessage): number {
    return estimateTextTokens(modelMessageText(message)) + MESSAGE_FRAMING_TOKENS;
  }

  /** The exact `o200k_base` count of a message's text, plus the message framing. */
  tokenize(message: ModelMessage, count: EncodingCount): number {
    let tokens = this.encoded.get(message);
    if (tokens === undefined) {
      tokens = count(modelMessageText(message)) + MESSAGE_FRAMING_TOKENS;
      this.encoded.set(message, tokens);
    }
    return tokens;
  }

  /** OpenAI's `o200k_base` count, loaded once on first use. */
  o200kBase(): Promise<EncodingCount> {
    this.encoding ??= import('gpt-tokenizer/encoding/o200k_base').then(
      (module) =>
        // Tool outputs may hold `<|endoftext|>` and the like: counted as the text they are.
        (text: string) =>
          module.countTokens(text, { disallowedSpecial: new Set() }),
    );
    return this.encoding;
  }
}

/** The plain estimate of a text's tokens (about four characters a token). */
export function estimateTextTokens(text: string): number {
  return Math.ceil(text.length / CHARACTERS_PER_TOKEN);
}
