import { readFileSync } from 'node:fs';
import { conversationPolicyKeys, resolveConversationPolicy } from '@ctxopt/core';
import { describe, expect, it } from 'vitest';
import { DEFAULT_POLICY } from '../policy/compression-policy.ts';

const readme = (name: string) =>
  readFileSync(new URL(`../../../${name}/README.md`, import.meta.url), 'utf8');

/** The policy table between its markers, as written. */
function policyTable(text: string): string {
  const start = text.indexOf('<!-- conversation-policy:start');
  const end = text.indexOf('<!-- conversation-policy:end -->');
  expect(start, 'the policy table start marker').toBeGreaterThanOrEqual(0);
  expect(end, 'the policy table end marker').toBeGreaterThan(start);
  return text.slice(start, end);
}

describe('the conversation policy table', () => {
  const source = policyTable(readme('core'));

  it('is the same text in the READMEs of core, langchain and ai-sdk', () => {
    expect(policyTable(readme('langchain'))).toBe(source);
    expect(policyTable(readme('ai-sdk'))).toBe(source);
  });

  it('lists every policy option, and the defaults the resolver fills in', () => {
    const rows = source.split('\n').filter((line) => line.startsWith('| `'));
    const named = rows.flatMap((row) =>
      [...row.split('|')[1]!.matchAll(/`(\w+)`/g)].map((m) => m[1]),
    );
    expect(new Set(named)).toEqual(new Set(conversationPolicyKeys));
    const policy = resolveConversationPolicy({});
    const { toolResults } = policy;
    expect(source).toContain(
      `| \`toolResults\` | \`{ compress: ${toolResults.compress}, keepLast: ${toolResults.keepLast}, exclude: [], minTokens: ${toolResults.minTokens} }\` |`,
    );
    expect(source).toContain(`| \`minTokens\` | \`${policy.minTokens}\` |`);
    expect(source).toContain(`| \`timeout\` | \`${DEFAULT_POLICY.timeout}\` |`);
    expect(source).toContain(`| \`cacheSize\` | \`${policy.cacheSize}\` |`);
    expect(source).toContain(`| \`keep\` | \`{ messages: ${policy.keep.messages} }\` |`);
    expect(source).toContain(`| \`reasoning\` | \`'${policy.reasoning}'\` |`);
    expect(source).toContain(`| \`onError\` | \`'${policy.onError}'\` |`);
    expect(source).toContain(`| \`pinnedRoles\` | \`['${policy.pinnedRoles.join("', '")}']\` |`);
  });
});
