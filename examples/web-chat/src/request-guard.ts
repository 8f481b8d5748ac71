import type { IncomingMessage } from 'node:http';

/** Host names the chat answers by default: this machine's loopback names. */
export const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'] as const;

/** The host name of a `Host` or `Origin` authority, lower case, without its port. */
function hostName(authority: string): string {
  const host = authority.trim().toLowerCase();
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  return host.split(':')[0]!;
}

/**
 * Whether the `Host` header names a host the chat serves: a loopback name, or one of
 * `allowedHosts` (a deployment behind a proxy names its own). Any other name is how a web
 * page reaches a loopback server through a DNS name it controls (DNS rebinding): refused.
 */
export function hostAllowed(request: IncomingMessage, allowedHosts: readonly string[]): boolean {
  const header = request.headers.host;
  if (!header) return false;
  const name = hostName(header);
  if (/^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name)) return true;
  return [...LOOPBACK_HOSTS, ...allowedHosts].some((host) => host.toLowerCase() === name);
}

/**
 * Whether a `POST` comes from the chat's own page. A browser sends `Origin` with every
 * `POST` (a cross-site form or `fetch`, a `text/plain` "simple" request included): it must
 * name the host the request was sent to. `Sec-Fetch-Site`, when sent, must say the same.
 * A request with neither header is not from a browser (curl, a test): nothing to forge.
 */
export function sameOriginPost(request: IncomingMessage): boolean {
  const origin = request.headers.origin;
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return false;
  if (origin === undefined) return true;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    // `Origin: null` (a sandboxed frame, a file) and anything unparsable.
    return false;
  }
  const host = request.headers.host?.trim().toLowerCase();
  return parsed.protocol === 'http:' && host !== undefined && parsed.host === host;
}

/** Whether the body is declared JSON: the page sends nothing else, and a form cannot. */
export function sendsJson(request: IncomingMessage): boolean {
  const type = request.headers['content-type'] ?? '';
  return /^application\/json\s*(?:;|$)/i.test(type);
}
