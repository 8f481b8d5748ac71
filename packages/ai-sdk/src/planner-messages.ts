import type {
  LanguageModelV4Message,
  LanguageModelV4Prompt,
  LanguageModelV4ToolResultOutput,
} from '@ai-sdk/provider';
import type { PlannerMessage } from '@ctxopt/core';

export interface PlannerMappingOptions {
  /** Let completed tool calls and their results be folded into the compressed text. @default false */
  compressToolHistory?: boolean;
}

/**
 * Maps an AI SDK prompt to the planner's messages, index for index.
 *
 * A message is kept exactly as it is (`hasNonTextParts`) when text cannot carry it:
 * files, reasoning, custom parts, tool-approval responses, provider options (cache
 * control and the like would be lost in a rewrite) and, unless `compressToolHistory`
 * is set, tool calls and tool results.
 */
export function toPlannerMessages(
  prompt: LanguageModelV4Prompt,
  options: PlannerMappingOptions = {},
): PlannerMessage[] {
  return prompt.map((message) => toPlannerMessage(message, options.compressToolHistory ?? false));
}

function toPlannerMessage(
  message: LanguageModelV4Message,
  compressToolHistory: boolean,
): PlannerMessage {
  if (message.role === 'system') {
    return { role: 'system', text: message.content, hasNonTextParts: hasOptions(message) };
  }
  const texts: string[] = [];
  const toolCallIds: string[] = [];
  const toolResultIds: string[] = [];
  let hasNonTextParts = hasOptions(message);
  for (const part of message.content) {
    if (hasOptions(part)) hasNonTextParts = true;
    switch (part.type) {
      case 'text':
        texts.push(part.text);
        break;
      case 'tool-call':
        toolCallIds.push(part.toolCallId);
        texts.push(`[tool call ${part.toolName} ${part.toolCallId}] ${JSON.stringify(part.input)}`);
        if (!compressToolHistory) hasNonTextParts = true;
        break;
      case 'tool-result': {
        toolResultIds.push(part.toolCallId);
        const output = renderToolOutput(part.output);
        texts.push(`[tool result ${part.toolName} ${part.toolCallId}] ${output ?? ''}`);
        if (!compressToolHistory || output === undefined) hasNonTextParts = true;
        break;
      }
      default:
        // file, reasoning, reasoning-file, custom, tool-approval-response
        hasNonTextParts = true;
    }
  }
  return {
    role: message.role,
    text: texts.join('\n'),
    ...(hasNonTextParts ? { hasNonTextParts } : {}),
    ...(toolCallIds.length > 0 ? { toolCallIds } : {}),
    ...(toolResultIds.length > 0 ? { toolResultIds } : {}),
  };
}

/** A tool output as text, or `undefined` when it holds something text cannot carry (files). */
function renderToolOutput(output: LanguageModelV4ToolResultOutput): string | undefined {
  switch (output.type) {
    case 'text':
    case 'error-text':
      return output.value;
    case 'json':
    case 'error-json':
      return JSON.stringify(output.value);
    case 'execution-denied':
      return `execution denied${output.reason ? `: ${output.reason}` : ''}`;
    case 'content': {
      const texts: string[] = [];
      for (const item of output.value) {
        if (item.type !== 'text') return undefined;
        texts.push(item.text);
      }
      return texts.join('\n');
    }
    default:
      return undefined;
  }
}

function hasOptions(value: { providerOptions?: object }): boolean {
  return value.providerOptions !== undefined && Object.keys(value.providerOptions).length > 0;
}
