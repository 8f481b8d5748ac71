import type { IncomingMessage } from 'node:http';

function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  return address === '::1' || /^(?:::ffff:)?127\./.test(address);
}

/** The host name of a Host header, without its port and brackets. */
function hostName(header: string | undefined): string {
  if (!header) return '';
  const host = header.trim().toLowerCase();
  if (host.startsWith('[')) return host.slice(1, host.indexOf(']'));
  return host.split(':')[0]!;
}

/**
 * True when both ends are this machine: the peer is a loopback address and the Host
 * header names one. The Host check stops a web page of another origin from reading the
 * inspector through a DNS name that resolves to 127.0.0.1 (DNS rebinding).
 */
export function isLoopbackRequest(request: IncomingMessage): boolean {
  if (!isLoopbackAddress(request.socket.remoteAddress)) return false;
  const name = hostName(request.headers.host);
  return name === 'localhost' || name === '::1' || /^127\.\d+\.\d+\.\d+$/.test(name);
}
