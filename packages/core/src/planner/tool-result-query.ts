/**
 * The query a tool result is compressed against: the question of its turn and the call
 * that produced it. Both are known when the result arrives and never change afterwards,
 * so a result compressed once against this query can be reused byte for byte later.
 */
export function toolResultQuery(
  question: string | undefined,
  toolName: string,
  callArguments: string | undefined,
): string {
  return [
    question,
    `Tool call ${toolName}${callArguments === undefined ? '' : `: ${callArguments}`}`,
  ]
    .filter((line) => line !== undefined && line.length > 0)
    .join('\n');
}
