/** A token count as the page prints it (`12,345`), or `–` when there is none. */
export function tokens(count: number | null | undefined): string {
  return typeof count === 'number' ? count.toLocaleString('en-US') : '–';
}

/** A percentage with one decimal (`42.5%`), or `–` when there is none. */
export function percent(value: number | null | undefined): string {
  return typeof value === 'number' ? `${value.toFixed(1)}%` : '–';
}

/** The time of day of an ISO 8601 instant, 24-hour, in the browser's time zone. */
export function clock(iso: string): string {
  return new Date(iso).toLocaleTimeString('en-GB', { hour12: false });
}

/** Date and time of an ISO 8601 instant, 24-hour, in the browser's time zone. */
export function dateTime(iso: string): string {
  return new Date(iso).toLocaleString('en-GB', { hour12: false });
}

/** `1 request`, `2 requests`. */
export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
