export { decidePlan } from './decide-plan';
export { modelPromptViolations, PROVIDERS } from './model-prompt-violations';
export { readFixture } from './read-fixture';
export {
  OTEL_INPUT_MESSAGES_SCHEMA,
  OTEL_OUTPUT_MESSAGES_SCHEMA,
  OTEL_SYSTEM_INSTRUCTIONS_SCHEMA,
} from './otel-gen-ai-schemas';
export {
  claudeCodeSessionReading,
  type ClaudeCodeReadingSession,
} from './claude-code-session-reading';
