import { Inject, Injectable } from '@nestjs/common';
import { redactStrings } from '@agent-ledger/interchange';
import { viewRedaction } from '@agent-ledger/read-models';
import type { ReadModelConfig } from '@agent-ledger/config';
import { READ_MODEL_CONFIG } from '../queries/read-models/read-model.tokens';
import { seesRaw, type Caller } from './caller';

/**
 * The views a caller without `audit` reads (transcript, debug, model context, the live
 * transcript, search snippets) have their secrets redacted by the export's rules: every string
 * of the answer, binary payloads excepted. An operator's `EXPORT_REDACTION` patterns apply too;
 * turning the export's redaction off does not open the views: they keep the default rules.
 */
@Injectable()
export class ViewRedaction {
  readonly redactText: (text: string) => string;

  constructor(@Inject(READ_MODEL_CONFIG) config: ReadModelConfig) {
    // The rule the search view's redacted index is made with: searches match what views show.
    this.redactText = viewRedaction(config.exportPolicy).redact;
  }

  /** `value` as `caller` may see it: as stored with `audit`, redacted without. */
  forCaller<T>(caller: Caller, value: T): T {
    return seesRaw(caller) ? value : this.redact(value);
  }

  /** Every string of `value` redacted (binary payloads kept). */
  redact<T>(value: T): T {
    return redactStrings(value, this.redactText);
  }
}
