import type { LanguageModelV4CallOptions, SharedV4Warning } from '@ai-sdk/provider';
import { hasFileParts } from './generate-input.ts';
import type { SkipReason } from './usage-metadata.ts';

const samplingSettings = [
  'temperature',
  'topP',
  'topK',
  'presencePenalty',
  'frequencyPenalty',
  'seed',
  'stopSequences',
] as const satisfies readonly (keyof LanguageModelV4CallOptions)[];

/**
 * Settings `/v1/generate` has no field for: the call still goes out, and each one set
 * is reported as an `unsupported` warning (the AI SDK convention for ignored settings).
 */
export function unsupportedSettingWarnings(options: LanguageModelV4CallOptions): SharedV4Warning[] {
  const warnings: SharedV4Warning[] = samplingSettings
    .filter((setting) => options[setting] !== undefined)
    .map((setting) => ({
      type: 'unsupported',
      feature: setting,
      details: 'POST /v1/generate takes no such field; the setting was not applied.',
    }));
  if (options.reasoning !== undefined && options.reasoning !== 'provider-default') {
    warnings.push({
      type: 'unsupported',
      feature: 'reasoning',
      details: 'POST /v1/generate takes no reasoning effort; the provider default was used.',
    });
  }
  return warnings;
}

/** Why a call cannot go to `/v1/generate` at all: tools, a JSON response format, or files. */
export function generateBlocker(
  options: LanguageModelV4CallOptions,
): Extract<SkipReason, 'tools' | 'json-response-format' | 'file-parts'> | undefined {
  if (options.tools && options.tools.length > 0) return 'tools';
  if (options.responseFormat?.type === 'json') return 'json-response-format';
  if (hasFileParts(options.prompt)) return 'file-parts';
  return undefined;
}

export type GenerateBlocker = NonNullable<ReturnType<typeof generateBlocker>>;

/** The AI SDK setting behind each blocker, and why `/v1/generate` cannot take it. */
export const blockers: Record<GenerateBlocker, { feature: string; details: string }> = {
  tools: { feature: 'tools', details: 'POST /v1/generate takes no tools' },
  'json-response-format': {
    feature: 'responseFormat',
    details: 'POST /v1/generate takes no JSON response format',
  },
  'file-parts': {
    feature: 'file parts',
    details: 'POST /v1/generate takes text only, and the prompt holds files',
  },
};
