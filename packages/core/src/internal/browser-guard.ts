import { ContextOptimizerError } from '../errors.ts';

/**
 * Spec 1.5: the API key is a server-side secret. A runtime with both `window` and
 * `document` is taken for a browser, where the key would be shipped to every visitor.
 */
export function assertServerRuntime(dangerouslyAllowBrowser: boolean | undefined): void {
  const scope = globalThis as { window?: unknown; document?: unknown };
  if (dangerouslyAllowBrowser || scope.window === undefined || scope.document === undefined) return;
  throw new ContextOptimizerError(
    'ContextOptimizerClient refuses to run in a browser-like runtime: the API key is a server-side ' +
      'secret (spec 1.5). Call the service from your server, or set dangerouslyAllowBrowser: true ' +
      'if you understand the risk.',
  );
}
