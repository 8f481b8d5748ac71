import { Document } from '@langchain/core/documents';
import { AIMessage, HumanMessage, ToolMessage } from '@langchain/core/messages';

/**
 * Texts long enough for the local engine to compress (it leaves inputs under 100 tokens
 * as they are), each mixing sentences a query needs with sentences it does not.
 */
export const policyDocuments = [
  new Document({
    id: 'policy-refunds',
    metadata: { source: 'help/refunds.md', section: 'billing' },
    pageContent: [
      'Refunds are issued within 14 days after the returned item reaches our warehouse.',
      'The refund always goes back to the original payment method, never to store credit unless the customer asks for it.',
      'Our warehouse in Rotterdam was opened in 2019 and employs about forty people.',
      'Shipping fees are not refunded, except when the item arrived damaged or was the wrong item.',
      'The warehouse team organises a summer barbecue every year in July.',
      'Customers who paid by bank transfer must send their account number before the refund can be made.',
      'The building has solar panels on the roof and a bicycle shed for the staff.',
      'Refunds for orders paid with a gift card are credited to a new gift card with the same expiry date.',
      'Visitors are welcome on the first Friday of each month for a guided tour.',
    ].join(' '),
  }),
  new Document({
    id: 'policy-shipping',
    metadata: { source: 'help/shipping.md', section: 'delivery' },
    pageContent: [
      'Orders placed before 3 pm on a working day ship the same day from Rotterdam.',
      'Standard delivery takes two to four working days within the European Union.',
      'Express delivery costs 12 euros and arrives the next working day in most countries.',
      'Our carriers are ParcelCo for standard parcels and SwiftPost for express parcels.',
      'A parcel that is lost in transit is refunded in full once the carrier confirms the loss, which can take up to ten days.',
      'The shipping team listens to the radio while packing and prefers classical music in the morning.',
      'Parcels above 30 kilograms are delivered by a freight partner and need an appointment.',
      'Tracking links are sent by email as soon as the carrier scans the parcel for the first time.',
    ].join(' '),
  }),
  new Document({
    id: 'company-careers',
    metadata: { source: 'about/careers.md', section: 'company' },
    pageContent: [
      'We are hiring software engineers in Berlin and Lisbon for the checkout and search teams.',
      'Every engineer gets a yearly learning budget of 1500 euros for books, courses and conferences.',
      'The interview process has three steps: a call with a recruiter, a pairing session and a talk with the team.',
      'We offer four days of remote work per week and a fully paid public transport pass.',
      'Our Lisbon office is close to the river and has a rooftop terrace with a view of the bridge.',
      'Applications are reviewed within one week and every applicant receives an answer.',
      'The company was founded in 2014 by three friends who met at university.',
    ].join(' '),
  }),
];

export const REFUND_QUESTION = 'How long does a refund take and where does the money go?';

/** An order-support history whose earlier part is long enough to compress. */
export function longSupportHistory() {
  return [
    new HumanMessage({
      id: 'u1',
      content:
        'Hello, I ordered a pair of walking boots, order 5521, on the second of May. The tracking page has not changed for eight days and still says the parcel is in Rotterdam. I need the boots for a hiking trip in the Alps that starts on the twentieth, so I am getting worried. I also noticed that the confirmation email had my old street address in the footer, although the shipping address looked right.',
    }),
    new AIMessage({
      id: 'b1',
      content:
        'Thank you for writing, and sorry for the worry. The footer of the confirmation email shows the billing address from your account, not the shipping address, so that part is fine. Let me look up order 5521 with the carrier to see where the parcel is.',
    }),
    new AIMessage({
      id: 'b2',
      content: '',
      tool_calls: [{ id: 'call_track', name: 'track_parcel', args: { orderId: '5521' } }],
    }),
    new ToolMessage({
      id: 'r1',
      tool_call_id: 'call_track',
      name: 'track_parcel',
      content:
        'Order 5521: handed to ParcelCo on 2 May in Rotterdam. Last scan 3 May at the ParcelCo hub in Utrecht. Status: investigation opened on 10 May, parcel presumed lost. Claim number PC-88123.',
    }),
    new AIMessage({
      id: 'b3',
      content:
        'The carrier ParcelCo last scanned your parcel on the third of May in Utrecht and has now opened an investigation, claim PC-88123, because the parcel is presumed lost. I am sorry about this. Since your trip starts on the twentieth, I can either send a replacement pair by express delivery at no cost, or refund the order in full.',
    }),
  ];
}

export const SUPPORT_QUESTION = 'I would prefer the refund. How long will the refund take?';
