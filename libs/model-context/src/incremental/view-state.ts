import type { AiSdkPart, AiSdkSerializerOptions } from '@agent-ledger/ai-sdk';
import type { RecordedEvent } from '@agent-ledger/event-store';
import type { NormalizedSession, SessionLogEvent, SessionRepair } from '@agent-ledger/events';
import type {
  ModelViewPart,
  ProjectToModelOptions,
  ProjectionContext,
} from '@agent-ledger/projections';

/** The formats the incremental view computes; the others are computed from the log each time. */
export type IncrementalFormat = 'model' | 'ai-sdk' | 'ai-sdk-prompt';

/**
 * A run of turns computed as one: normalized, projected and serialized alone, its results kept
 * while its events and what it depends on from the rest stay the same.
 */
export interface Unit {
  /** First and last segment (inclusive). */
  from: number;
  to: number;
  events: SessionLogEvent[];
  normalized: NormalizedSession;
  /** Positions of the user inputs the model view keeps, in the unit's messages. */
  keptUserInputs: number[];
  hasSystemNotes: boolean;
  /** Whether the unit being the last one can change its view: it holds reasoning. */
  lastShapesView: boolean;
  /** Whether the unit being the last one can change its serialization: it holds approvals. */
  lastShapesMessages: boolean;
  /** The agent of the unit's latest message that names one (`lastAgentName`). */
  agentName: string | undefined;
  /** What the view below was computed with (the agent, whether last, the cutoff, prior notes). */
  viewInputs?: {
    agent: string;
    last: boolean;
    cutoff: number;
    systemTexts: string | undefined;
    /** What was read of the unit's text blobs (`blobTextExcerptsKey`). */
    blobTexts: string;
  };
  view?: ModelViewPart;
  repairs?: SessionRepair[] | undefined;
  serialized?: AiSdkPart | undefined;
  /** Where the part below was serialized (`placeKey`). */
  placeKey?: number;
  /** The part before this one whose seam with `serialized` held. */
  seamAfter?: AiSdkPart | undefined;
}

/**
 * The model view of one session and query, kept at the latest revision it was asked at: the
 * window's events in segments (a head, then one per eligible user input), grouped in units across
 * which nothing refers (no message id, tool call, approval or pruning mark is shared by two units).
 */
export interface ViewState {
  sessionId: string;
  streamName: string;
  revision: number;
  /** The cached event at `revision`: the log is the same up to it while this one is served. */
  anchor: RecordedEvent;
  /**
   * What the request that brought the state to `revision` read: the whole window (as the full
   * computation counts it) when the state was built, then the events read since (the one at the
   * previous revision, checked, and those appended after it).
   */
  eventsRead: number;
  fromRevision: number;
  compactBoundaryId?: string;
  /** The window starts at a boundary: appended events must not need what it left behind. */
  bounded: boolean;
  unansweredCallIds: ReadonlySet<string>;
  /** Segment 0 is the head (everything before the first turn the view can split at). */
  segments: SessionLogEvent[][];
  /** Revision a segment may start after (the boundary and its summary stay in the head). */
  headThrough: number;
  /** First segment of each unit, ascending; `unitStarts[0] === 0`. */
  unitStarts: number[];
  /** Where each referenced id (message, tool call, approval) was first seen. */
  segmentOfId: Map<string, number>;
  messageIds: Set<string>;
  /** Ids normalization made up (`<id>#2`, repairs): a recorded message reusing one changes them. */
  mintedIds: Set<string>;
  answeredCallIds: Set<string>;
  /** The units as of the last request, aligned with `unitStarts` up to `dirtyFrom`. */
  units: Unit[];
  /** By unit: the agent of the latest message naming one up to it (`lastAgentName`). */
  agentsThrough: Array<string | undefined>;
  /** By unit: the user inputs the model view keeps up to it, inclusive. */
  keptThrough: number[];
  /** The first segment changed since the units were made. */
  dirtyFrom: number;
  /** The window cannot be split exactly (a reused message id): computed from the log each time. */
  whole: boolean;
  /** What the last pass over the units left (`viewOf`). */
  trail?: Trail | undefined;
  /** The lists the last view was joined from (`assemble`). */
  assembled?: Assembled | undefined;
  /** The query's projection context and options for the last active agent (`settingsOf`). */
  settings?: ViewSettings | undefined;
}

/**
 * What the last pass over a state's units left at each position (the systemText notes kept so
 * far, the serializer's place flags, the serialized parts), so that the next pass starts at the
 * first unit that can come out differently.
 */
export interface Trail {
  agent: string;
  format: 'model' | 'ai-sdk';
  units: Unit[];
  textsAfter: string[][];
  flagsAfter: Array<[boolean, boolean]>;
  serialized: AiSdkPart[];
  cutoffUnit: number;
}

/** What a view of the state's query is computed with, for one active agent (`settingsOf`). */
export interface ViewSettings {
  agent: string;
  context: ProjectionContext;
  options: ProjectToModelOptions;
  turns: number;
  serializerOptions: AiSdkSerializerOptions;
  mergeUsers: boolean;
}

/** The lists a view is joined from, unit by unit, with where each unit's items end. */
export interface Assembled {
  /** The pass whose units these lists were joined from. */
  trail?: Trail | undefined;
  units: Unit[];
  /** By unit: the first applied compact boundary up to it. */
  applied: Array<string | undefined>;
  views: ModelViewPart[];
  parts: Array<AiSdkPart | undefined>;
  lists: unknown[][];
  /** `ends[list][unit]`: the length of the list after that unit's items. */
  ends: number[][];
}
