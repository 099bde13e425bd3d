// Tutorials in the app: topics and a topic's tutorial in the active language, the driver's completions, and marking a
// topic complete. The answers stay in the persisted query cache up to a week, so a tutorial once read opens again
// without signal (the query cache is their only keeper: the content belongs to the tutorial site, not to the driver).
import { type QueryClient, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { CompletedTutorial, CompletedTutorialBody } from '../../../contract/tutorials';
import type { ApiError } from '../../lib/http/errors';
import { queryClient } from '../../lib/query-client';
import { tutorialsApi } from './api';

/** Read content stays a week on the device; with signal it is refreshed after an hour (the site's cache time). */
const KEEP_MS = 7 * 24 * 3_600_000;
const FRESH_MS = 3_600_000;

export const tutorialKeys = {
  all: ['tutorials'] as const,
  topics: (language: string) => ['tutorials', 'topics', language] as const,
  topic: (topicId: string, language: string) => ['tutorials', 'topic', topicId, language] as const,
  completed: (userId: string) => ['tutorials', 'completed', userId] as const,
};

export const topicsQuery = (language: string) =>
  queryOptions({
    queryKey: tutorialKeys.topics(language),
    queryFn: ({ signal }) => tutorialsApi.topics(language, signal),
    staleTime: FRESH_MS,
    gcTime: KEEP_MS,
  });
export const topicTutorialsQuery = (topicId: string, language: string) =>
  queryOptions({
    queryKey: tutorialKeys.topic(topicId, language),
    queryFn: ({ signal }) => tutorialsApi.tutorials(topicId, language, signal),
    staleTime: FRESH_MS,
    gcTime: KEEP_MS,
  });
export const completedQuery = (userId: string) =>
  queryOptions({
    queryKey: tutorialKeys.completed(userId),
    queryFn: ({ signal }) => tutorialsApi.completed(signal),
    staleTime: 0,
    gcTime: KEEP_MS,
  });

export const useTopics = (language: string) => useQuery(topicsQuery(language));
export const useTopicTutorials = (topicId: string, language: string) =>
  useQuery(topicTutorialsQuery(topicId, language));
/** Only a registered driver has completions. */
export const useCompletedTutorials = (userId: string | null) =>
  useQuery({ ...completedQuery(userId ?? ''), enabled: !!userId });

export const tutorialMutations = { complete: ['tutorials', 'complete'] as const };
export type CompleteInput = CompletedTutorialBody & { userId: string };

export function registerTutorialMutations(client: QueryClient): void {
  client.setMutationDefaults(tutorialMutations.complete, {
    mutationFn: ({ userId: _userId, ...body }: CompleteInput) => tutorialsApi.complete(body),
    onSuccess: (record: CompletedTutorial, { userId }: CompleteInput) => {
      // Shown complete at once; the list is asked again in the background.
      client.setQueryData<CompletedTutorial[]>(tutorialKeys.completed(userId), (list = []) => [
        ...list.filter((c) => !(c.topicId === record.topicId && c.tutorialLanguage === record.tutorialLanguage)),
        record,
      ]);
      void client.invalidateQueries({ queryKey: tutorialKeys.completed(userId) });
    },
  });
}

export const useCompleteTutorial = () =>
  useMutation<CompletedTutorial, ApiError, CompleteInput>({ mutationKey: tutorialMutations.complete });

registerTutorialMutations(queryClient);
