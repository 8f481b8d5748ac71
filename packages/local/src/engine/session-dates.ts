import type { MessageSpan } from './message-spans.ts';

/**
 * Dates that tie a question to a session of the conversation. A long-running chat often
 * stamps the first message of each session with its date ("user: (2024-01-19) ...",
 * "user: (19.01.2024) Emi: ..."), and a later question often names that date ("What
 * did I read on May 6th?", "Where was Kate on 31 Dec 2023?"). The messages of the
 * session it names are where the answer was said, even when the answer shares no word
 * with the question.
 */
export interface CalendarDay {
  day: number;
  month: number;
  /** Absent when the text names only a day and a month. */
  year?: number;
}

// A message that opens with a date: "(2023-04-27) ...", "[19.01.2024] ...", "2024/1/9 ...".
const SESSION_STAMP = /^\s*[\w-]+:\s*[([]?(\d{1,4})([-./])(\d{1,2})[-./](\d{1,4})\b/;

const MONTHS = 'jan feb mar apr may jun jul aug sep oct nov dec'.split(' ');
const MONTH_NAME =
  '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?';
const ORDINAL = '(\\d{1,2})(?:st|nd|rd|th)?';
const YEAR = '(?:,?\\s+(\\d{4}))?';
/** "29 Dec 2023", "5th of January", "31 December". */
const DAY_MONTH = new RegExp(`\\b${ORDINAL}\\s+(?:of\\s+)?${MONTH_NAME}${YEAR}\\b`, 'gi');
/** "May 2nd", "April 27th, 2023", "Dec 29". */
const MONTH_DAY = new RegExp(`\\b${MONTH_NAME}\\s+${ORDINAL}${YEAR}\\b`, 'gi');
/** "22.01.2024", "2023-04-27", "1/9/2024". */
const NUMERIC = /\b(\d{1,4})([-./])(\d{1,2})[-./](\d{1,4})\b/g;

function monthOf(name: string): number {
  return MONTHS.indexOf(name.slice(0, 3).toLowerCase()) + 1;
}

function valid(date: CalendarDay): CalendarDay | undefined {
  return date.month >= 1 && date.month <= 12 && date.day >= 1 && date.day <= 31 ? date : undefined;
}

function fullYear(digits: string): number {
  const year = Number(digits);
  return digits.length <= 2 ? 2000 + year : year;
}

/**
 * The date a match of `SESSION_STAMP` or `NUMERIC` reads (groups: first number,
 * separator, second, third). Year first is year-month-day; otherwise the first number is
 * the day when it cannot be a month or when the separator is a dot or a dash (the
 * European order), and the month when the second cannot be one or the separator is a
 * slash.
 */
function numericDate(match: RegExpMatchArray): CalendarDay | undefined {
  const [, first = '', separator, second = '', third = ''] = match;
  if (first.length === 4) {
    return valid({ year: Number(first), month: Number(second), day: Number(third) });
  }
  if (third.length !== 4 && third.length !== 2) return undefined;
  const a = Number(first);
  const b = Number(second);
  const dayFirst = a > 12 || (b <= 12 && separator !== '/');
  return valid({
    year: fullYear(third),
    month: dayFirst ? b : a,
    day: dayFirst ? a : b,
  });
}

/** The date a session-opening message is stamped with, if it opens with one. */
export function sessionStampDate(head: string): CalendarDay | undefined {
  const match = SESSION_STAMP.exec(head);
  return match ? numericDate(match) : undefined;
}

/** How far into a message its date stamp is looked for (a role label, a bracket, a date). */
const STAMP_READ = 60;

/** Whether the message starting at `start` opens with a date stamp. */
export function opensSession(text: string, start: number): boolean {
  return SESSION_STAMP.test(text.slice(start, start + STAMP_READ));
}

/** Every calendar day a question names. */
export function namedDays(query: string): CalendarDay[] {
  const days: CalendarDay[] = [];
  const add = (day: CalendarDay | undefined) => {
    if (day) days.push(day);
  };
  // Group numbers of the day and the month in each pattern; the year is group 3.
  const written = [
    [DAY_MONTH, 1, 2],
    [MONTH_DAY, 2, 1],
  ] as const;
  for (const [pattern, dayGroup, monthGroup] of written) {
    for (const match of query.matchAll(pattern)) {
      add(
        valid({
          day: Number(match[dayGroup]),
          month: monthOf(match[monthGroup]!),
          ...(match[3] ? { year: Number(match[3]) } : {}),
        }),
      );
    }
  }
  for (const match of query.matchAll(NUMERIC)) add(numericDate(match));
  return days;
}

/** Days since 1 January 1970, for the gap between two days. */
function dayNumber({ year, month, day }: Required<CalendarDay>): number {
  return Date.UTC(year, month - 1, day) / 86_400_000;
}

/**
 * How many days after a named day a session may still tell about it ("last night...").
 * At 0, session-dates.test.ts fails: the next session is not read for a day none is
 * stamped with.
 */
const TOLD_WITHIN_DAYS = 3;

/**
 * The sessions one named day points at: those stamped with it; when there is none, the
 * first session after it, within three days (what happened on a day is told in the next
 * conversation: "This was it last night!").
 */
function sessionsOfDay(named: CalendarDay, stamps: readonly (CalendarDay | undefined)[]) {
  const same = stamps.flatMap((stamp, at) =>
    stamp &&
    stamp.day === named.day &&
    stamp.month === named.month &&
    (named.year === undefined || stamp.year === undefined || named.year === stamp.year)
      ? [at]
      : [],
  );
  if (same.length > 0) return same;
  let next = -1;
  let nextGap = TOLD_WITHIN_DAYS + 1;
  stamps.forEach((stamp, at) => {
    if (stamp?.year === undefined) return;
    const gap =
      dayNumber(stamp as Required<CalendarDay>) -
      dayNumber({ ...named, year: named.year ?? stamp.year });
    if (gap > 0 && gap < nextGap) {
      next = at;
      nextGap = gap;
    }
  });
  return next < 0 ? [] : [next];
}

/**
 * 1 for every message of the sessions the query's named days point at
 * (`sessionsOfDay`), else 0; all 0 when the query names no day or no session opens
 * with a date stamp.
 */
export function messagesOfNamedDays(
  text: string,
  spans: readonly MessageSpan[],
  query: string,
): Uint8Array {
  const flags = new Uint8Array(spans.length);
  const days = namedDays(query);
  if (days.length === 0) return flags;
  // Every session's stamp (undefined when it cannot be read as a date), and each
  // message's session (-1 before the first).
  const stamps: Array<CalendarDay | undefined> = [];
  const sessionOf = new Int32Array(spans.length);
  spans.forEach((span, at) => {
    const stamp = SESSION_STAMP.exec(text.slice(span.start, span.start + STAMP_READ));
    if (stamp) stamps.push(numericDate(stamp));
    sessionOf[at] = stamps.length - 1;
  });
  const pointed = new Uint8Array(stamps.length);
  for (const named of days)
    for (const session of sessionsOfDay(named, stamps)) pointed[session] = 1;
  for (let at = 0; at < spans.length; at++) {
    if (sessionOf[at]! >= 0 && pointed[sessionOf[at]!]) flags[at] = 1;
  }
  return flags;
}
