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
export { largeEntryStrings, type EntryString } from './claude-code/large-entry-strings';
export { withEntryStrings } from './claude-code/with-entry-strings';
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
  type InterchangeExportOptions,
} from './interchange-export';
export { blobRefsOfMessage } from './ledger-jsonl/blob-refs-of-message';
export {
  importLedgerJsonl,
  type LedgerJsonlImportOptions,
} from './ledger-jsonl/import-ledger-jsonl';
export {
  LEDGER_JSONL_CHUNK_BYTES,
  type LedgerBlobReader,
  type LedgerJsonlBlobChunk,
  type LedgerJsonlBlobHeader,
} from './ledger-jsonl/ledger-jsonl-blob';
export { ledgerJsonlWithBlobs } from './ledger-jsonl/ledger-jsonl-with-blobs';
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
