export { InvalidImportSourceError } from './errors';
export {
  importClaudeCode,
  type ClaudeCodeFile,
  type ClaudeCodeSource,
  type ImportOptions,
} from './import-claude-code';
export {
  IMPORT_FORMATS,
  type ImportedSession,
  type ImportFormat,
  type ImportNote,
  type ImportPlan,
  type ImportReport,
} from './import-plan';
