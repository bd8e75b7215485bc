export type {
  ModelMessage,
  ModelMessagePart,
  ModelSemanticType,
  ProjectedMessageBase,
  ProjectionContext,
  ProjectionResult,
  ProjectionView,
} from './types';
