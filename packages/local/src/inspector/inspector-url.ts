/** A listening address of IPv4 or IPv6 loopback. */
function isLoopback(address: string): boolean {
  return address === '::1' || /^(?:::ffff:)?127\./.test(address);
}

/**
 * The address to open the inspector at, for a server listening on `address`:`port`. The
 * inspector answers loopback requests whose Host names loopback only, so a server on every
 * interface (`0.0.0.0`, `::`) is opened through loopback (`http://0.0.0.0:8787/` would send
 * `Host: 0.0.0.0` and get 403), and one on a single other interface has no address where it
 * answers: `undefined`.
 */
export function inspectorUrl(address: string, port: number): string | undefined {
  if (address === '0.0.0.0') return `http://127.0.0.1:${port}/`;
  if (address === '::') return `http://[::1]:${port}/`;
  if (!isLoopback(address)) return undefined;
  return address.includes(':') ? `http://[${address}]:${port}/` : `http://${address}:${port}/`;
}
