// The CommonJS declaration files (`.d.cts`), as a CommonJS TypeScript project loads them.
import core = require('@ctxopt/core');
import langchain = require('@ctxopt/langchain');
import aiSdk = require('@ctxopt/ai-sdk');
import local = require('@ctxopt/local');

declare const caught: unknown;
if (core.APIError.isInstance(caught)) {
  const code: string | undefined = caught.code;
  void code;
}
// @ts-expect-error level and mode together
const both: core.CompressParams = { context: 'x', level: 'low', mode: 'balanced' };
export const used = [
  both,
  langchain.ChatContextOptimizer,
  aiSdk.createContextOptimizer,
  local.startEmulator,
];
