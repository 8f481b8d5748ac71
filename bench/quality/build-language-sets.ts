/**
 * Builds the language sets of `bench:quality` for Turkish, Vietnamese and Persian (see
 * bench/README.md, "Quality data sets"), each from that language's own SQuAD-style data:
 *
 *   node bench/quality/build-language-sets.ts <set> <path of the source's git directory>
 *
 * with <set> one of `tquad`, `viwikiqa`, `persianqa`. The files are read at the commit
 * named in LANGUAGE_SOURCES with `git show`, so any clone of that repository rebuilds the
 * same bytes. Output: `bench/quality/data/<set>.jsonl.gz` (see suite-example.ts). None of
 * them is XQuAD or a translation of it: the questions were written in the language, over
 * text written in it.
 */
import { execFileSync } from 'node:child_process';
import {
  LANGUAGE_QUESTIONS,
  openingParagraphs,
  type SquadArticle,
  squadLines,
} from './build-sets.ts';
import type { SetLine } from './suite-example.ts';
import { writeBuiltSet } from './write-built-set.ts';

export const LANGUAGE_SOURCES = {
  /**
   * TQuAD (Teknofest 2018): questions written in Turkish over Turkish texts on the history
   * of Turkish and Islamic science, most from Turkish Wikipedia. The repository states no
   * license.
   */
  tquad: {
    repository: 'TQuad/turkish-nlp-qa-dataset',
    commit: '3bece60f62569182476fe00683793745ba92c32e',
    files: ['dev-v0.1.json'],
  },
  /**
   * Hand-written questions over Vietnamese Wikipedia paragraphs (the repository's
   * `train_wiki.json` and `test_wiki.json`, not its translated SQuAD files nor its
   * questions on university regulations). MIT. The files were removed after this commit.
   */
  viwikiqa: {
    repository: 'namnv1113/Nanibot_ZaloAIChallenge2019_VietnameseWikiQA',
    commit: 'e41c408d19bdbc4aa13a95aba4cc2c69e59e6a1a',
    files: ['Dataset/train_wiki.json', 'Dataset/test_wiki.json'],
  },
  /**
   * PersianQA: questions written by native speakers over Persian Wikipedia paragraphs
   * (its test part; the unanswerable questions are left out). GPL-3.0.
   */
  persianqa: {
    repository: 'sajjjadayobi/PersianQA',
    commit: 'ba4806eb7894b1e78e214e16e7e717840c129450',
    files: ['dataset/pqa_test.json'],
  },
} as const;

type LanguageSetName = keyof typeof LANGUAGE_SOURCES;

/** A source article: its paragraphs in order, each with the questions asked about it. */
export interface SourceArticle {
  paragraphs: Array<{
    context: string;
    questions: SquadArticle['questions'];
  }>;
}

interface SquadV2File {
  data: Array<{
    paragraphs: Array<{
      context: string;
      qas: Array<{
        id: string | number;
        question: string;
        is_impossible?: boolean;
        answers: Array<{ text: string }>;
      }>;
    }>;
  }>;
}

function show(name: LanguageSetName, gitDirectory: string, path: string): string {
  return execFileSync(
    'git',
    ['--git-dir', gitDirectory, 'show', `${LANGUAGE_SOURCES[name].commit}:${path}`],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
}

/**
 * The articles of a SQuAD file (v1, or v2 with its unanswerable questions left out).
 * `idOf` names a question where the source's ids are not unique.
 */
export function sourceArticles(
  file: SquadV2File,
  idOf: (id: string | number, article: number, question: number) => string = String,
): SourceArticle[] {
  return file.data.map((article, articleIndex) => ({
    paragraphs: article.paragraphs.map((paragraph) => ({
      context: paragraph.context,
      questions: paragraph.qas
        .filter((qa) => qa.is_impossible !== true && qa.answers.length > 0)
        .map((qa, questionIndex) => ({
          id: idOf(qa.id, articleIndex, questionIndex),
          question: qa.question,
          answers: qa.answers.map((answer) => answer.text),
        })),
    })),
  }));
}

/**
 * One context per group of articles in a row: each article cut to its opening paragraphs
 * up to CONTEXT_TOKENS (XQuAD English's median), then whole articles taken until the
 * context reaches it. These sources' articles are short (one paragraph each in PersianQA
 * and the Vietnamese set, about 400 tokens in TQuAD), so a context of one article would
 * leave the 10x level a budget of one sentence; iApp Wiki QA's Thai set is built the same
 * way.
 */
export function articlesInRow(articles: readonly SourceArticle[]): SquadArticle[] {
  const cut = articles
    .map((article) => openingParagraphs(article.paragraphs, (paragraph) => paragraph.context))
    .filter((paragraphs) => paragraphs.length > 0);
  const grouped: SquadArticle[] = [];
  while (cut.length > 0) {
    const group = openingParagraphs(cut, (paragraphs) =>
      paragraphs.map((paragraph) => paragraph.context).join('\n\n'),
    );
    cut.splice(0, group.length);
    const paragraphs = group.flat();
    grouped.push({
      key: String(grouped.length),
      paragraphs: paragraphs.map((paragraph) => paragraph.context),
      questions: paragraphs.flatMap((paragraph) => paragraph.questions),
    });
  }
  return grouped;
}

function readSquad(name: LanguageSetName, gitDirectory: string, path: string): SquadV2File {
  return JSON.parse(show(name, gitDirectory, path)) as SquadV2File;
}

/** Turkish: TQuAD's development part (892 questions over 72 articles). */
function buildTquad(gitDirectory: string): SetLine[] {
  const articles = sourceArticles(readSquad('tquad', gitDirectory, 'dev-v0.1.json'));
  return squadLines('tquad', articlesInRow(articles), LANGUAGE_QUESTIONS);
}

/**
 * Vietnamese: both hand-written Wikipedia files (599 and 111 questions, one paragraph an
 * article, related paragraphs in a row). One id is used twice in the source, so a
 * question is named by its file, article and place.
 */
function buildViWikiQa(gitDirectory: string): SetLine[] {
  const articles = LANGUAGE_SOURCES.viwikiqa.files.flatMap((path) => {
    const part = path.includes('test') ? 'test' : 'train';
    return sourceArticles(
      readSquad('viwikiqa', gitDirectory, path),
      (_, article, question) => `${part}-${article}-${question}`,
    );
  });
  return squadLines('viwikiqa', articlesInRow(articles), LANGUAGE_QUESTIONS);
}

/** Persian: PersianQA's test part (651 answerable questions, one paragraph an article). */
function buildPersianQa(gitDirectory: string): SetLine[] {
  const articles = sourceArticles(readSquad('persianqa', gitDirectory, 'dataset/pqa_test.json'));
  return squadLines('persianqa', articlesInRow(articles), LANGUAGE_QUESTIONS);
}

const BUILDERS: Record<LanguageSetName, (gitDirectory: string) => SetLine[]> = {
  tquad: buildTquad,
  viwikiqa: buildViWikiQa,
  persianqa: buildPersianQa,
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const [set, gitDirectory] = process.argv.slice(2) as [LanguageSetName, string];
  if (!(set in BUILDERS) || !gitDirectory) {
    throw new Error(
      `usage: build-language-sets.ts <${Object.keys(BUILDERS).join('|')}> <git directory>`,
    );
  }
  const lines = BUILDERS[set](gitDirectory);
  const target = writeBuiltSet(set, lines);
  const questions = lines.filter((line) => 'query' in line);
  const dev = questions.filter((line) => line.split === 'dev').length;
  console.log(`${set}: ${questions.length} questions (${dev} dev) -> ${target.pathname}`);
}
