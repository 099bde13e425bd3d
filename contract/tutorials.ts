// Wire format of the tutorial site (shell-and-account.md §3 Tutorial, §7 "GET {tutorial site}/tutorial_topic and
// /tutorial?tutorial_topic", "GET and POST /v4/users/completed-tutorials"). Shared by app and server.
import { z } from 'zod';

/** The nine languages the tutorials are written in (§9); any other asks for English. */
export const TUTORIAL_LANGUAGES = ['de', 'en', 'nl', 'fr', 'it', 'es', 'pt', 'da', 'pl'] as const;
export type TutorialLanguage = (typeof TUTORIAL_LANGUAGES)[number];
export const TUTORIAL_FALLBACK_LANGUAGE: TutorialLanguage = 'en';

/** 'de-DE', 'pt_PT', 'DA' → the tutorial language; anything else → null. */
export function tutorialLanguageOf(value: string | null | undefined): TutorialLanguage | null {
  const short =
    value
      ?.trim()
      .toLowerCase()
      .split(/[-_,;]/)[0] ?? '';
  return (TUTORIAL_LANGUAGES as readonly string[]).includes(short) ? (short as TutorialLanguage) : null;
}

export const tutorialTopicIcon = z.enum(['fuel', 'receipt', 'wash', 'ev', 'wallet', 'ticket']);
export type TutorialTopicIcon = z.infer<typeof tutorialTopicIcon>;

export const tutorialTopic = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  icon: tutorialTopicIcon,
  position: z.number().int(),
  /** The language the texts are in (the one asked for, or English). */
  language: z.enum(TUTORIAL_LANGUAGES),
});
export type TutorialTopic = z.infer<typeof tutorialTopic>;
export const tutorialTopicsResponse = z.array(tutorialTopic);

export const tutorialStep = z.object({ title: z.string(), text: z.string() });
export const tutorial = z.object({
  id: z.string(),
  topicId: z.string(),
  title: z.string(),
  steps: z.array(tutorialStep).min(1),
  language: z.enum(TUTORIAL_LANGUAGES),
});
export type Tutorial = z.infer<typeof tutorial>;
export const tutorialsResponse = z.array(tutorial);

export const tutorialQuery = z.object({
  tutorial_topic: z.string().min(1).max(64),
  locale: z.string().max(16).optional(),
});
export const tutorialTopicQuery = z.object({ locale: z.string().max(16).optional() });

/** POST /v4/users/completed-tutorials (§4 "completed when a completion record is posted for its topic and language"). */
export const completedTutorialBody = z.strictObject({
  topicId: z.string().min(1).max(64),
  tutorialLanguage: z.enum(TUTORIAL_LANGUAGES),
  completedAt: z.iso.datetime({ offset: true }).optional(),
});
export type CompletedTutorialBody = z.infer<typeof completedTutorialBody>;
export const completedTutorial = z.object({
  topicId: z.string(),
  tutorialLanguage: z.enum(TUTORIAL_LANGUAGES),
  completedAt: z.string(),
});
export type CompletedTutorial = z.infer<typeof completedTutorial>;
export const completedTutorialsResponse = z.array(completedTutorial);
