import type {
  LanguageModelV4Message,
  LanguageModelV4Prompt,
  LanguageModelV4ToolResultOutput,
} from '@ai-sdk/provider';
import type { PlannerMessage, PlannerToolCall, PlannerToolResult } from '@ctxopt/core';

/**
 * Maps an AI SDK prompt to the planner's messages, index for index.
 *
 * Text is what would be sent for compression, tool calls and results rendered as text.
 * A message is never folded into the compressed history (`hasNonTextParts`) when text
 * cannot carry it: files, reasoning, custom parts, tool-approval responses, provider
 * options (cache control and the like would be lost in a rewrite). Tool results are
 * offered for compression in place, one by one, when their output is text or JSON.
 */
export function toPlannerMessages(prompt: LanguageModelV4Prompt): PlannerMessage[] {
  return prompt.map(toPlannerMessage);
}

function toPlannerMessage(message: LanguageModelV4Message): PlannerMessage {
  if (message.role === 'system') {
    return {
      role: 'system',
      text: message.content,
      hasNonTextParts: hasOptions(message),
      contentParts: message.content.length > 0 ? 1 : 0,
    };
  }
  const texts: string[] = [];
  const toolCalls: PlannerToolCall[] = [];
  const toolResults: PlannerToolResult[] = [];
  let hasNonTextParts = hasOptions(message);
  let hasReasoning = false;
  // Another part carrying provider options (an OpenAI item id, say) may need its reasoning.
  let reasoningBound = hasOptions(message);
  let contentParts = 0;
  for (const part of message.content) {
    if (part.type === 'reasoning' || part.type === 'reasoning-file') {
      hasReasoning = true;
      hasNonTextParts = true;
      continue;
    }
    if (hasOptions(part)) {
      hasNonTextParts = true;
      reasoningBound = true;
    }
    switch (part.type) {
      case 'text':
        if (part.text.length > 0) contentParts++;
        texts.push(part.text);
        break;
      case 'tool-call': {
        contentParts++;
        const input = JSON.stringify(part.input) ?? '';
        toolCalls.push({ id: part.toolCallId, name: part.toolName, arguments: input });
        texts.push(`[tool call ${part.toolName} ${part.toolCallId}] ${input}`);
        break;
      }
      case 'tool-result': {
        contentParts++;
        const output = renderToolOutput(part.output);
        toolResults.push({ toolCallId: part.toolCallId, toolName: part.toolName, text: output });
        texts.push(`[tool result ${part.toolName} ${part.toolCallId}] ${output ?? ''}`);
        break;
      }
      default:
        // file, custom, tool-approval-response
        contentParts++;
        hasNonTextParts = true;
    }
  }
  return {
    role: message.role,
    text: texts.filter((text) => text.length > 0).join('\n'),
    ...(hasNonTextParts ? { hasNonTextParts } : {}),
    ...(toolCalls.length > 0 ? { toolCallIds: toolCalls.map((call) => call.id), toolCalls } : {}),
    ...(toolResults.length > 0
      ? { toolResultIds: toolResults.map((result) => result.toolCallId), toolResults }
      : {}),
    ...(hasReasoning ? { reasoning: reasoningBound ? ('bound' as const) : ('free' as const) } : {}),
    // A message with provider options is never removed as empty: the options may matter.
    ...(hasOptions(message) ? {} : { contentParts }),
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
