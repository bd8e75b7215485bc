import type {
  FilePart,
  ImagePart,
  ReasoningPart,
  TextPart,
  ToolApprovalRequestPart,
  ToolApprovalResponsePart,
  ToolCallPart,
  ToolResultPart,
} from '@agent-ledger/messages';
import type { SummaryKind } from '../summary-text';

/** A tool result whose `toolName` is known (the AI SDK requires it). */
export type NamedToolResultPart = Omit<ToolResultPart, 'output'> & {
  toolName: string;
  /** An AI SDK output: a blob output the projection did not inline shows its preview. */
  output: Exclude<ToolResultPart['output'], { type: 'blob' }>;
};

/** An image whose bytes are inline (base64 or a URL): an attachment blob the view did not read is a note. */
export type InlineImagePart = ImagePart & { image: string };

/** A file whose bytes are inline (base64 or a URL). */
export type InlineFilePart = FilePart & { data: string };

/** Parts a user message may hold. */
export type UserDraftPart = TextPart | InlineImagePart | InlineFilePart;

/** Parts an assistant message may hold; `TInline` is the type of provider-executed results kept inline. */
export type AssistantDraftPart<TInline extends ToolResultPart> =
  TextPart | InlineFilePart | ReasoningPart | ToolCallPart | ToolApprovalRequestPart | TInline;

/** Parts a tool message may hold. */
export type ToolDraftPart<TResult extends ToolResultPart> = TResult | ToolApprovalResponsePart;

/**
 * A message on its way from the model view to the AI SDK: already one of the AI SDK's roles with
 * the parts that role accepts, still carrying the model-view ids it came from (for the report).
 */
export type Draft<TResult extends ToolResultPart, TInline extends ToolResultPart> =
  | { role: 'system'; content: string; sourceMessageIds: string[] }
  | {
      role: 'user';
      content: string | UserDraftPart[];
      sourceMessageIds: string[];
      /** Set for a summary: marked as what it is when it has to share a user turn. */
      summary?: SummaryKind;
      /** Set for system text sent as a `<system-reminder>` user message. */
      reminder?: true;
    }
  | {
      role: 'assistant';
      content: string | AssistantDraftPart<TInline>[];
      sourceMessageIds: string[];
    }
  | { role: 'tool'; content: ToolDraftPart<TResult>[]; sourceMessageIds: string[] };

/** Drafts before tool pairing: results only in tool messages, `toolName` maybe missing. */
export type SplitDraft = Draft<ToolResultPart, never>;

/**
 * Drafts after tool pairing: every result named and in a tool message; provider-executed calls
 * and results are text by then, so nothing is inline.
 */
export type PairedDraft = Draft<NamedToolResultPart, never>;
