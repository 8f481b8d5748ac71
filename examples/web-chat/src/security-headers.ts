/**
 * Headers on every answer of the chat. The page loads its own script, style and data only
 * (`Content-Security-Policy`), may not be framed (`frame-ancestors`, `X-Frame-Options`,
 * against clickjacking), and nothing is sniffed into another type (`nosniff`).
 */
export const securityHeaders: Readonly<Record<string, string>> = {
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
  'cross-origin-opener-policy': 'same-origin',
};
