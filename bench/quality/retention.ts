import type { SuiteExample } from './suite-example.ts';

/**
 * Whether a compressed context still holds what the example's question needs: one of
 * its answer strings (case-insensitively), or every evidence text whole.
 */
export function retains(output: string, example: SuiteExample): boolean {
  if (example.answers && example.answers.length > 0) {
    const lower = output.toLowerCase();
    if (!example.answers.some((answer) => lower.includes(answer.toLowerCase()))) return false;
  }
  return (example.evidence ?? []).every((text) =>
    example.json ? holdsMember(output, text) : output.includes(text),
  );
}

/** `"key": value` in any spacing, so minified JSON counts as well as pretty-printed. */
function holdsMember(output: string, member: string): boolean {
  const colon = member.indexOf('": ');
  if (colon < 0) return output.includes(member);
  const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const key = literal(member.slice(0, colon + 1));
  const value = literal(member.slice(colon + 3));
  return new RegExp(`${key}\\s*:\\s*${value}`).test(output);
}

/** True when `output` parses as JSON. */
export function isValidJson(output: string): boolean {
  try {
    JSON.parse(output);
    return true;
  } catch {
    return false;
  }
}
