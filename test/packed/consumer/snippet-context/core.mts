// @ctxopt/core's README snippets declare everything they use; nothing to provide.
export {};
