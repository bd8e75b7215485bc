export { decidePlan } from './decide-plan';
export { modelPromptViolations, PROVIDERS } from './model-prompt-violations';
export { readFixture } from './read-fixture';
