export {
  createOpenAIAgentsSession,
  HISTORY_REPLACED_KEY,
  type OpenAIAgentsSessionOptions,
} from './create-openai-agents-session';
export { ITEM_KEY, runtimeMessageOfItem, type ItemMessageContext } from './runtime-message-of-item';
export { itemFromJson, itemToJson } from './item-json';
