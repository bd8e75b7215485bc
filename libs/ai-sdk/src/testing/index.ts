export { aiSdkMessageViolations } from './ai-sdk-message-violations';
export { anthropicRequestViolations } from './anthropic-request-violations';
export {
  arbitraryModelMessages,
  type ArbitraryModelMessagesOptions,
} from './arbitrary-model-messages';
export { assertAnthropicRequestValid } from './assert-anthropic-request-valid';
export { captureAnthropicRequest } from './capture-anthropic-request';
export { modelMessage } from './model-message';
export { languageModelPromptViolations } from './language-model-prompt-violations';
export { noNetworkDownload } from './no-network-download';
export { promptSeenByMockModel, type PromptInput } from './prompt-seen-by-mock-model';
