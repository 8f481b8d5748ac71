// Tests read warnings from the results they assert on; printing them too is noise.
globalThis.AI_SDK_LOG_WARNINGS = false;
