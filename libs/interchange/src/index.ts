export { InvalidImportSourceError } from './errors';
export {
  importClaudeCode,
  type ClaudeCodeFile,
  type ClaudeCodeSource,
  type ImportOptions,
} from './import-claude-code';
export {
  claudeCodeSourceOfEntries,
  type ClaudeCodeEntryBatch,
} from './claude-code/claude-code-source-of-entries';
export { newClaudeCodeEntries } from './claude-code/new-claude-code-entries';
export { importHistory, type ImportSource } from './import-history';
export { importModelMessages } from './import-model-messages';
export { importOpenAiItems } from './import-openai-items';
export { importOpencode } from './import-opencode';
export {
  IMPORT_FORMATS,
  type ImportedSession,
  type ImportFormat,
  type ImportNote,
  type ImportPlan,
  type ImportReport,
} from './import-plan';
export {
  INTERCHANGE_EXPORT_FORMATS,
  interchangeExport,
  type InterchangeExport,
  type InterchangeExportFormat,
} from './interchange-export';
export { importUiMessages, type TimelessImportOptions } from './import-ui-messages';
export { toUiMessages } from './to-ui-messages';
export { redactStrings } from './redact-strings';
export { jsonlLines, toJsonl } from './to-jsonl';
export {
  toOtelGenAi,
  type OtelChatMessage,
  type OtelModelCall,
  type OtelModelCallSource,
  type OtelOutputMessage,
  type OtelPart,
} from './to-otel-gen-ai';
