import type {
  CompressParams,
  CompressResponse,
  ContextOptimizer,
  GenerateResponse,
} from '../../packages/core/src/index.ts';

/**
 * A `ContextOptimizer` whose `compress` resolves to the same precomputed response every
 * time, at no cost: what is left of a call through an adapter is the adapter's own work.
 * Build the response once with a real optimizer (see `fixedOptimizerFrom`), so the
 * adapters apply a realistic compressed text and usage figures.
 */
export class FixedOptimizer implements ContextOptimizer {
  readonly response: CompressResponse;
  /** How many times `compress` was called: a check that each variant calls it once a call. */
  calls = 0;
  /** The params of the latest call, to check that every variant sends the same request. */
  lastParams: CompressParams | undefined;

  constructor(response: CompressResponse) {
    this.response = response;
  }

  async compress(params: CompressParams): Promise<CompressResponse> {
    this.calls++;
    this.lastParams = params;
    return this.response;
  }

  async generate(): Promise<GenerateResponse> {
    throw new Error('FixedOptimizer: generate is not part of this benchmark');
  }
}

/** A `FixedOptimizer` answering what `optimizer` answers, once, to `params`. */
export async function fixedOptimizerFrom(
  optimizer: ContextOptimizer,
  params: CompressParams,
): Promise<FixedOptimizer> {
  const response = await optimizer.compress(params);
  if (response.usage.request.savedTokens <= 0) {
    // The adapters keep the original prompt when nothing was saved: nothing would be measured.
    throw new Error('fixedOptimizerFrom: the optimizer saved no tokens on these params');
  }
  return new FixedOptimizer(response);
}
