/** A tool call as a model answered it: its name and its arguments (a JSON text or a value). */
export interface ShadowToolCall {
  name: string;
  arguments: unknown;
}

/** What a model answered, as the judge compares it. */
export interface ShadowAnswer {
  text: string;
  toolCalls: ShadowToolCall[];
}

/** What a judge decided about one pair of answers. */
export interface JudgeVerdict {
  /** Whether the answer to the compressed prompt says the same as the answer to the original. */
  agree: boolean;
  /** 0..1, how close the answers are (the default judge: word overlap). */
  score: number;
  /** Why they differ, in short phrases (empty when they agree). */
  reasons: string[];
}

/** The pair a judge sees: the question, the user's answer (compressed prompt) and the shadow's (original). */
export interface JudgeInput {
  question: string;
  compressed: ShadowAnswer;
  original: ShadowAnswer;
}

/** Decides whether two answers agree; may be async (an LLM-as-judge). */
export type ShadowJudge = (input: JudgeInput) => JudgeVerdict | Promise<JudgeVerdict>;
