/** A question the examples ask, and the document that answers it. */
export interface DemoQuestion {
  question: string;
  /** The id of the corpus document holding the answer (other documents may touch on it). */
  sourceId: string;
}

/** The questions both examples ask; each answer is stated in the corpus. */
export const demoQuestions: readonly DemoQuestion[] = [
  {
    question:
      'How often must e-bike brakes be inspected, and what is the minimum brake pad thickness?',
    sourceId: '16-brake-inspection',
  },
  {
    question:
      'What should a rebalancing crew do when a Downtown station drops below its minimum fill during the morning peak?',
    sourceId: '12-rebalancing-operations',
  },
  {
    question: 'When is a lost-bike fee charged, and how much is the lost-bike fee for an e-bike?',
    sourceId: '24-fees-and-refunds',
  },
  {
    question: 'At what wind speed is the whole service suspended, and who decides the suspension?',
    sourceId: '20-weather-operations',
  },
  {
    question: 'Which depot serves the Ferry Terminal station, and how many docks does it have?',
    sourceId: '07-stations-waterfront',
  },
];
