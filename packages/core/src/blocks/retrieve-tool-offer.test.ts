import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../../../../test/support/property-runs.ts';
import type { PlannerMessage } from '../planner/conversation.ts';
import { compressedPartText, RETRIEVE_TOOL_NAME } from './compressed-part.ts';
import { holdsHandle, RetrieveToolOffers, usesRetrieveTool } from './retrieve-tool-offer.ts';

const HANDLE = `cx${'ab'.repeat(16)}`;
const question: PlannerMessage = { role: 'user', text: 'Look up batch 1.' };
const call = (id: string, name = 'lookup'): PlannerMessage => ({
  role: 'assistant',
  text: '',
  toolCallIds: [id],
  toolCalls: [{ id, name, arguments: '{}' }],
});
const result = (id: string, text: string, toolName = 'lookup'): PlannerMessage => ({
  role: 'tool',
  text,
  toolResultIds: [id],
  toolResults: [{ toolCallId: id, toolName, text }],
});

describe('holdsHandle', () => {
  it('finds a handle line in plain text and inside a compressed JSON part', () => {
    expect(
      holdsHandle([question, call('1'), result('1', compressedPartText('a\nb', HANDLE))]),
    ).toBe(true);
    const json = compressedPartText('[{"order":1}]', HANDLE);
    expect(json).toContain('\\"handle\\"');
    expect(holdsHandle([question, call('1'), result('1', json)])).toBe(true);
  });

  it('finds none in a prompt that only names the tool or shows a bare handle', () => {
    expect(holdsHandle([question, { role: 'assistant', text: `ctxopt_retrieve ${HANDLE}` }])).toBe(
      false,
    );
  });
});

describe('RetrieveToolOffers', () => {
  it('offers the tool from the first prompt with a handle on, for the rest of that conversation only', () => {
    const offers = new RetrieveToolOffers();
    const plain = [question, call('1'), result('1', 'order 1000 | pending')];
    expect(offers.offered(plain, plain)).toBe(false);
    const compressed = [question, call('1'), result('1', compressedPartText('order 1000', HANDLE))];
    expect(offers.offered(plain, compressed)).toBe(true);
    // A later call of the same conversation whose compression fell open keeps it.
    expect(offers.offered(plain, plain)).toBe(true);
    // Another conversation does not.
    const other = [{ role: 'user', text: 'Look up batch 2.' }, call('2'), result('2', 'x')];
    expect(offers.offered(other, other)).toBe(false);
  });

  it('offers it to a prompt that calls it or holds its result, so every call has its tool', () => {
    const messages = [
      question,
      call('r', RETRIEVE_TOOL_NAME),
      result('r', 'Not found.', RETRIEVE_TOOL_NAME),
    ];
    expect(usesRetrieveTool(messages)).toBe(true);
    expect(new RetrieveToolOffers().offered(messages, messages)).toBe(true);
  });

  it('never takes the tool back within a conversation, whatever its prompts hold', () => {
    const prompt = fc.array(
      fc.oneof(
        fc.constant(result('1', 'order 1000 | pending')),
        fc.constant(result('1', compressedPartText('order 1000', HANDLE))),
        fc.string().map((text) => result('1', text)),
      ),
      { minLength: 1, maxLength: 4 },
    );
    fc.assert(
      fc.property(fc.array(prompt, { minLength: 1, maxLength: 12 }), (prompts) => {
        const offers = new RetrieveToolOffers();
        let offered = false;
        for (const tail of prompts) {
          const sent = [question, call('1'), ...tail];
          const now = offers.offered([question, call('1')], sent);
          if (offered) expect(now).toBe(true);
          expect(now).toBe(offered || holdsHandle(sent));
          offered = now;
        }
      }),
      { numRuns: propertyRuns(400) },
    );
  });
});
