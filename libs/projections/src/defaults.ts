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
