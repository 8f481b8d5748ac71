export { type DemoQuestion, demoQuestions } from './demo-questions.ts';
export { EMBEDDING_DIMENSIONS, embed } from './lexical-embedding.ts';
export { type CorpusDocument, loadCorpus } from './load-corpus.ts';
