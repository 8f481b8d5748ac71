// A few handbook passages the snippet contexts share: long enough to be worth compressing.
export const refundPolicy = [
  'Refunds are issued within 14 days of the return reaching our warehouse.',
  'A refund goes back to the card or account that paid for the order.',
  'Our team enjoys a barbecue every Friday in summer, weather permitting.',
  'Gift cards are refunded as store credit, never as cash.',
  'The office plants are watered on Mondays by whoever arrives first.',
]
  .join(' ')
  .repeat(6);

export const shippingPolicy = [
  'Orders ship within two working days from the warehouse in Leeds.',
  'Express delivery arrives the next working day when ordered before noon.',
  'The parking lot is repainted every spring.',
]
  .join(' ')
  .repeat(6);
