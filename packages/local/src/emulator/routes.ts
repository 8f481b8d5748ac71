export type Operation = 'compress' | 'generate';

const operations: Record<string, Operation> = {
  '/v1/compress': 'compress',
  '/v1/generate': 'generate',
};

export type Route =
  | { ok: true; operation: Operation }
  | { ok: false; status: 404 | 405; code: 'not_found' | 'method_not_allowed'; message: string };

/** The contract's two routes (spec 4); the query string is ignored. */
export function route(method: string | undefined, url: string | undefined): Route {
  const path = (url ?? '/').split('?')[0]!.slice(0, 200);
  const operation = operations[path];
  if (!operation) {
    return {
      ok: false,
      status: 404,
      code: 'not_found',
      message: `No route ${path}: the routes are POST /v1/compress and POST /v1/generate.`,
    };
  }
  if (method !== 'POST') {
    return {
      ok: false,
      status: 405,
      code: 'method_not_allowed',
      message: `${path} takes POST, not ${method}.`,
    };
  }
  return { ok: true, operation };
}

/** True for `application/json`, with or without parameters such as `charset=utf-8`. */
export function isJsonContentType(header: string | undefined): boolean {
  return header?.split(';')[0]?.trim().toLowerCase() === 'application/json';
}
