// The AI SDK logs provider warnings (unsupported features, cache breakpoints) to the console;
// tests assert on the requests themselves, so the warnings are only noise here.
(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;
