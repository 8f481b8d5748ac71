import { MODEL_ANSWER } from './chat-conversation.ts';
import type { FixedOptimizer } from './fixed-optimizer.ts';

/** One message as a model received it: its role and its text. */
export interface ReceivedMessage {
  role: string;
  text: string;
}

/** One way of making a model call in a framework benchmark. */
export interface FrameworkVariant {
  /** One model call; resolves to the model's answer. */
  task: () => Promise<string>;
  /** Whether the variant compresses the conversation before the model sees it. */
  compresses: boolean;
  /** The messages the variant's model received in its latest call. */
  received(): ReceivedMessage[];
}

export interface CheckOptions {
  /** The variant every compressing one must match, message for message. */
  baseline: string;
  /** Messages the model gets with compression (the system message, one compressed, the question). @default 3 */
  compressedLength?: number;
  /** Messages the model gets without compression: the whole chat. */
  uncompressedLength: number;
  /** When given, each compressing call must call it exactly once. */
  optimizer?: FixedOptimizer;
}

/**
 * Runs each variant once and checks what a user would: the answer came back, a
 * compressing variant's model got the same compressed prompt as the baseline's (so the
 * variants do the same work), an uncompressed one got the whole chat, and the optimizer
 * was called once per compressing call. A variant that fell open would measure nothing.
 */
export async function checkFrameworkVariants(
  label: string,
  variants: Record<string, FrameworkVariant>,
  options: CheckOptions,
): Promise<void> {
  const seen: Record<string, string> = {};
  for (const [name, variant] of Object.entries(variants)) {
    const fail = (problem: string) => {
      throw new Error(`${label} ${name}: ${problem}`);
    };
    const callsBefore = options.optimizer?.calls ?? 0;
    const answer = await variant.task();
    if (answer !== MODEL_ANSWER) fail(`unexpected answer ${JSON.stringify(answer)}`);
    const received = variant.received();
    const expected = variant.compresses
      ? (options.compressedLength ?? 3)
      : options.uncompressedLength;
    if (received.length !== expected) {
      fail(`the model got ${received.length} messages, not ${expected}`);
    }
    const calls = (options.optimizer?.calls ?? 0) - callsBefore;
    if (options.optimizer && calls !== (variant.compresses ? 1 : 0)) {
      fail(`the optimizer was called ${calls} times in one call`);
    }
    if (variant.compresses) seen[name] = JSON.stringify(received);
  }
  const reference = seen[options.baseline];
  for (const [name, prompt] of Object.entries(seen)) {
    if (prompt !== reference) {
      throw new Error(`${label} ${name}: the model got another prompt than ${options.baseline}'s`);
    }
  }
}
