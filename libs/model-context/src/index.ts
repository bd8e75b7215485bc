export type {
  ModelContext,
  ModelContextCall,
  ModelContextDiagnostics,
  ModelContextFormat,
  ModelContextQuery,
  ModelView,
} from './model-context';
export type { ContextTokens, TokenCalibration, TokenCountMethod } from './tokens/token-count';
export { fitTokenCalibration, type CalibrationPoint } from './tokens/fit-token-calibration';
export { TokenCounter, estimateTextTokens } from './tokens/token-counter';
export { placeCacheBreakpoints } from './place-cache-breakpoints';
export { loadModelContext } from './load-model-context';
export {
  ModelContextReader,
  type ModelContextReaderOptions,
  type ModelContextSource,
} from './model-context-reader';
export { modelCallContext, type ModelCallContext } from './model-call-context';
export { readModelWindow, type ModelWindow } from './read-model-window';
export { DEFAULT_SESSION_LOG_CACHE_CHARS, SessionLogCache } from './session-log-cache';
export type { SessionLog } from './session-log';
export { providerContextChanges, type ProviderContextChange } from './provider-context-changes';
