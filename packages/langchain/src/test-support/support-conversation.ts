import { AIMessage, HumanMessage, SystemMessage, ToolMessage } from '@langchain/core/messages';

/**
 * A support conversation with everything the planner must respect: a system prompt, a
 * finished tool cycle, a message with an image, and a current question.
 */
export function supportHistory() {
  return [
    new HumanMessage({ id: 'h1', content: 'My order 1234 never arrived. It was a birthday gift.' }),
    new AIMessage({ id: 'a1', content: 'Sorry to hear that. Let me check order 1234 for you.' }),
    new AIMessage({
      id: 'a2',
      content: '',
      tool_calls: [{ id: 'call_1', name: 'lookup_order', args: { orderId: '1234' } }],
    }),
    new ToolMessage({
      id: 't1',
      tool_call_id: 'call_1',
      name: 'lookup_order',
      content: 'Order 1234: shipped 3 May with ParcelCo, marked lost on 9 May.',
    }),
    new AIMessage({ id: 'a3', content: 'ParcelCo lost the parcel. I opened claim C-77 for you.' }),
    new HumanMessage({
      id: 'h2',
      name: 'customer',
      content: [
        { type: 'text', text: 'Here is the photo of the shipping label.' },
        { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } },
      ],
    }),
    new AIMessage({ id: 'a4', content: 'Thanks, the label matches the order.' }),
  ];
}

export const SYSTEM_PROMPT = 'You are a support agent for an online shop.';
export const QUESTION = 'Can I get a refund instead of a replacement?';

/** The wire `context` the history's compressible span must produce. */
export const expectedSpanContext = [
  { role: 'user', content: 'My order 1234 never arrived. It was a birthday gift.' },
  { role: 'assistant', content: 'Sorry to hear that. Let me check order 1234 for you.' },
  { role: 'assistant', content: '[tool call lookup_order: {"orderId":"1234"}]' },
  { role: 'tool', content: 'Order 1234: shipped 3 May with ParcelCo, marked lost on 9 May.' },
  { role: 'assistant', content: 'ParcelCo lost the parcel. I opened claim C-77 for you.' },
];

export function withSystemAndQuestion() {
  return [new SystemMessage(SYSTEM_PROMPT), ...supportHistory(), new HumanMessage(QUESTION)];
}
