/**
 * Builds `friendsqa`, a larger long-dialogue set of `bench:quality` (see
 * bench/README.md, "Quality data sets"), from emorynlp/FriendsQA:
 *
 *   node bench/quality/build-friendsqa-set.ts <path of FriendsQA's git directory>
 *
 * The files are read at FRIENDSQA_SOURCE.commit with `git show`, so any clone rebuilds
 * the same bytes. Output: `bench/quality/data/friendsqa.jsonl.gz`: each episode stored
 * once as a conversation, then its questions (see suite-example.ts).
 */
import { execFileSync } from 'node:child_process';
import type { ContextMessage } from '../../packages/core/src/index.ts';
import type { SetLine, SuiteExample } from './suite-example.ts';
import { writeBuiltSet } from './write-built-set.ts';

/** Apache-2.0 (the repository's LICENSE.txt). */
export const FRIENDSQA_SOURCE = {
  repository: 'emorynlp/FriendsQA',
  commit: '9ce6c98a6acf13c87d96b6811e4409b5de43bdfe',
} as const;

/** The two parts the set is built from (the repository's training part is not used). */
const FILES = ['dat/friendsqa_dev.json', 'dat/friendsqa_tst.json'] as const;

interface Scene {
  title: string;
  paragraphs: Array<{
    'utterances:': Array<{ uid: number; speakers: string[]; utterance: string }>;
    qas: Array<{ id: string; question: string; answers: Array<{ utterance_id: number }> }>;
  }>;
}

/**
 * The transcripts are stored tokenized ("I do n't know , Ross ."): joined back the way
 * they were written, so the engine sees ordinary text.
 */
export function detokenize(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .replace(/ (n't|'s|'re|'m|'ll|'ve|'d)\b/gi, '$1')
    .replace(/\b(gon|wan|got) (na|ta)\b/gi, '$1$2')
    .replace(/ ([,.!?;:%)\]])/g, '$1')
    .replace(/([([$#]) /g, '$1')
    .replace(/ ?\.\.\.(?=\S)/g, '... ')
    .trim();
}

function show(gitDirectory: string, path: string): string {
  return execFileSync(
    'git',
    ['--git-dir', gitDirectory, 'show', `${FRIENDSQA_SOURCE.commit}:${path}`],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
}

/**
 * FriendsQA (transcripts of the first seasons of Friends, questions written about one
 * scene each, their answer spans marked in one utterance by annotators): each episode's
 * scenes, in order, as one long group conversation, one message an utterance, rendered
 * `Speaker: text`, a scene's first with `(Scene n)` in front. A group chat has no
 * assistant, so every message is `user`. Only questions whose every answer span lies
 * in one utterance are kept; that utterance is the evidence that must survive whole.
 * Episodes alternate between the parts, so no conversation is in both.
 */
export function buildFriendsQa(gitDirectory: string): SetLine[] {
  const scenes = FILES.flatMap(
    (path) => (JSON.parse(show(gitDirectory, path)) as { data: Scene[] }).data,
  );
  const episodes = new Map<string, Scene[]>();
  for (const scene of scenes) {
    const episode = scene.title.replace(/_c\d+$/, '');
    episodes.set(episode, [...(episodes.get(episode) ?? []), scene]);
  }
  const sceneNumber = (scene: Scene) => Number(scene.title.match(/_c(\d+)$/)![1]);
  const lines: SetLine[] = [];
  [...episodes.keys()].sort().forEach((episode, episodeIndex) => {
    const split: SuiteExample['split'] = episodeIndex % 2 === 0 ? 'dev' : 'test';
    const conversation = `friends-${episode}`;
    const messages: ContextMessage[] = [];
    const questions: Array<Omit<SuiteExample, 'context'>> = [];
    for (const scene of episodes.get(episode)!.sort((a, b) => sceneNumber(a) - sceneNumber(b))) {
      for (const paragraph of scene.paragraphs) {
        const messageOf = new Map<number, number>();
        paragraph['utterances:'].forEach((utterance, at) => {
          const text = detokenize(utterance.utterance);
          if (text.length === 0) return;
          const opener = at === 0 ? `(Scene ${sceneNumber(scene)}) ` : '';
          messageOf.set(utterance.uid, messages.length);
          messages.push({
            role: 'user',
            content: `${opener}${utterance.speakers.join(' and ')}: ${text}`,
          });
        });
        for (const qa of paragraph.qas) {
          const utterances = new Set(qa.answers.map((answer) => answer.utterance_id));
          if (utterances.size !== 1) continue;
          const index = messageOf.get([...utterances][0]!);
          if (index === undefined) continue;
          questions.push({
            id: `friendsqa-${qa.id}`,
            split,
            conversation,
            query: detokenize(qa.question),
            evidence: [messages[index]!.content as string],
            evidenceMessages: [index],
          });
        }
      }
    }
    lines.push({ conversation, split, context: messages }, ...questions);
  });
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [gitDirectory] = process.argv.slice(2);
  if (!gitDirectory) throw new Error('usage: build-friendsqa-set.ts <git directory>');
  const lines = buildFriendsQa(gitDirectory);
  const target = writeBuiltSet('friendsqa', lines);
  const questions = lines.filter((line) => 'query' in line);
  const dev = questions.filter((line) => line.split === 'dev').length;
  console.log(`friendsqa: ${questions.length} questions (${dev} dev) -> ${target.pathname}`);
}
