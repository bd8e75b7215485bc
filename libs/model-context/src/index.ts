export type {
  ModelContext,
  ModelContextCall,
  ModelContextDiagnostics,
  ModelContextFormat,
  ModelContextQuery,
} from './model-context';
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
