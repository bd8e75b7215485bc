/** Text of the synthetic error result given to a tool call that has no recorded result. */
export const MISSING_TOOL_RESULT_TEXT = '[No result was recorded for this tool call]';

/** Text of the user message inserted when a strict provider's first turn would not be a user turn. */
export const LEADING_USER_TEXT = '[Conversation continues]';

/** Text of the result given to a tool call whose approval request has no response yet. */
export const AWAITING_APPROVAL_TEXT = '[This tool call awaits approval and has not run]';
