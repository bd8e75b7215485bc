import type {
  AppendMessagesRequest,
  CompactSessionRequest,
  CreateKeyRequest,
  EndSessionRequest,
  ForkSessionRequest,
  HandoffSessionRequest,
  ImportHistoryRequest,
  PruneToolResultsRequest,
  RecordAiSdkStepRequest,
  RewindSessionRequest,
} from '@agent-ledger/client';
import type { ForkSessionDto } from '../lifecycle/dto/fork-session.dto';
import type { RewindSessionDto } from '../lifecycle/dto/rewind-session.dto';
import type { CreateKeyDto } from '../access/dto/create-key.dto';
import type { ImportHistoryDto } from '../imports/dto/import-history.dto';
import type { AppendMessagesDto } from '../sessions/dto/append-messages.dto';
import type { CompactSessionDto } from '../sessions/dto/compact-session.dto';
import type { EndSessionDto } from '../sessions/dto/end-session.dto';
import type { HandoffSessionDto } from '../sessions/dto/handoff-session.dto';
import type { PruneToolResultsDto } from '../sessions/dto/prune-tool-results.dto';
import type { RecordAiSdkStepDto } from '../sessions/dto/record-ai-sdk-step.dto';

/**
 * The request bodies the server validates (the `class-validator` DTOs) and the ones the client
 * sends (`@agent-ledger/client`'s contract) are one contract: a field added, removed or renamed
 * on one side only, or made required on one side only, is a compile error here. (Field types are
 * wider in the DTOs where a JSON Schema or the AI SDK's schema checks them after the envelope:
 * messages are `unknown` until then.)
 */
type Keys<T> = T extends unknown ? keyof T : never;
type RequiredKeys<T> = T extends unknown
  ? { [K in keyof T]-?: undefined extends T[K] ? never : K }[keyof T]
  : never;
type SameFields<Dto, Request> = [
  Exclude<Keys<Dto>, Keys<Request>>,
  Exclude<Keys<Request>, Keys<Dto>>,
  Exclude<RequiredKeys<Dto>, RequiredKeys<Request>>,
] extends [never, never, never]
  ? true
  : {
      onlyInServer: Exclude<Keys<Dto>, Keys<Request>>;
      onlyInClient: Exclude<Keys<Request>, Keys<Dto>>;
      requiredOnlyInServer: Exclude<RequiredKeys<Dto>, RequiredKeys<Request>>;
    };

export const REQUEST_CONTRACT: {
  appendMessages: SameFields<AppendMessagesDto, AppendMessagesRequest>;
  compactSession: SameFields<CompactSessionDto, CompactSessionRequest>;
  pruneToolResults: SameFields<PruneToolResultsDto, PruneToolResultsRequest>;
  handoffSession: SameFields<HandoffSessionDto, HandoffSessionRequest>;
  recordAiSdkStep: SameFields<RecordAiSdkStepDto, RecordAiSdkStepRequest>;
  endSession: SameFields<EndSessionDto, EndSessionRequest>;
  importHistory: SameFields<ImportHistoryDto, ImportHistoryRequest>;
  createKey: SameFields<CreateKeyDto, CreateKeyRequest>;
  forkSession: SameFields<ForkSessionDto, ForkSessionRequest>;
  rewindSession: SameFields<RewindSessionDto, RewindSessionRequest>;
} = {
  appendMessages: true,
  compactSession: true,
  pruneToolResults: true,
  handoffSession: true,
  recordAiSdkStep: true,
  endSession: true,
  importHistory: true,
  createKey: true,
  forkSession: true,
  rewindSession: true,
};
