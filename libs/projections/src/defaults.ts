/** Longest tool output, in characters of text or JSON, that the model view shows in full. */
export const DEFAULT_TOOL_RESULT_SOFT_LIMIT_CHARS = 20_000;

/** How many of the latest user turns keep their long tool results cut to the soft limit rather than truncated to the stub. */
export const DEFAULT_RECENT_USER_TURNS = 2;

/** The stub text of a pruned or aged-out tool result (the seed's wording). */
export const CLEARED_TOOL_RESULT_TEXT = '[Old tool result content cleared]';

/** The stub text of a tool result left out by `includeToolResults: false`. */
export const OMITTED_TOOL_RESULT_TEXT = '[Tool result omitted from model context]';

/** The tag that gives an `agent_switch_note` system-reminder semantics (it then reaches the model). */
export const SYSTEM_REMINDER_TAG = 'system-reminder';

/** The tag that keeps a `system_note` from carrying over the next compaction. */
export const UNTIL_COMPACTION_TAG = 'until-compaction';

/**
 * Longest text kept as a blob (a long user, assistant or reasoning text, a large tool-input
 * string) that the model view sends whole when it is in the latest turn (from the last user input
 * on): about 100,000 tokens, within every current model's context, and read by range at most
 * 3 bytes a character. Longer ones, and those of earlier turns, keep the head and tail the soft
 * limit keeps, as a long tool result does.
 */
export const LATEST_TURN_BLOB_TEXT_LIMIT_CHARS = 400_000;
