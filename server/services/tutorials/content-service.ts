// GET {tutorial site}/tutorial_topic and /tutorial?tutorial_topic: the content of content.ts in one language. The
// language is the `locale` query (how the tutorial site is asked), else the app's locale header, else Accept-Language;
// none of the nine → English.
import {
  TUTORIAL_FALLBACK_LANGUAGE,
  type Tutorial,
  type TutorialLanguage,
  type TutorialTopic,
  tutorialLanguageOf,
} from '../../../contract/tutorials';
import { notFound } from '../../errors';
import { TUTORIAL_TOPICS } from './content';

export function resolveTutorialLanguage(...asked: (string | null | undefined)[]): TutorialLanguage {
  for (const value of asked) {
    const language = tutorialLanguageOf(value);
    if (language) return language;
  }
  return TUTORIAL_FALLBACK_LANGUAGE;
}

export function listTopics({ input }: { input: { language: TutorialLanguage } }): TutorialTopic[] {
  return TUTORIAL_TOPICS.map((topic, position) => {
    const text = topic.texts[input.language] ?? topic.texts[TUTORIAL_FALLBACK_LANGUAGE];
    return {
      id: topic.id,
      title: text.title,
      description: text.description,
      icon: topic.icon,
      position,
      language: topic.texts[input.language] ? input.language : TUTORIAL_FALLBACK_LANGUAGE,
    };
  });
}

/** The tutorials of one topic (one each today); an unknown topic is 404. */
export function listTutorials({ input }: { input: { topicId: string; language: TutorialLanguage } }): Tutorial[] {
  const topic = TUTORIAL_TOPICS.find((t) => t.id === input.topicId);
  if (!topic) throw notFound('No such tutorial topic');
  const language = topic.texts[input.language] ? input.language : TUTORIAL_FALLBACK_LANGUAGE;
  const text = topic.texts[language];
  return [
    {
      id: `${topic.id}-1`,
      topicId: topic.id,
      title: text.tutorialTitle,
      steps: text.steps.map(([title, body]) => ({ title, text: body })),
      language,
    },
  ];
}

export const isTopic = (id: string) => TUTORIAL_TOPICS.some((t) => t.id === id);
