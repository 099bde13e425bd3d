// The tutorial calls (shell-and-account.md §7 Tutorials): the tutorial site's topics and tutorials in the driver's
// language (a site of its own, config.tutorialSiteUrl), and the driver's completions on the API.
import {
  type CompletedTutorialBody,
  completedTutorial,
  completedTutorialsResponse,
  tutorialsResponse,
  tutorialTopicsResponse,
} from '../../../contract/tutorials';
import { currentLanguage } from '../../i18n/state';
import { config } from '../../lib/config';
import { createApiClient } from '../../lib/http/client';
import { api } from '../../lib/http/index';

/** The tutorial site needs no session: it is public content. */
const site = createApiClient({
  baseUrl: config.tutorialSiteUrl,
  getToken: () => null,
  getLanguage: () => currentLanguage(),
});

export const tutorialsApi = {
  topics: (language: string, signal?: AbortSignal) =>
    site.request('tutorial_topic', tutorialTopicsResponse, { searchParams: { locale: language }, signal }),
  tutorials: (topicId: string, language: string, signal?: AbortSignal) =>
    site.request('tutorial', tutorialsResponse, {
      searchParams: { tutorial_topic: topicId, locale: language },
      signal,
    }),
  completed: (signal?: AbortSignal) =>
    api.request('v4/users/completed-tutorials', completedTutorialsResponse, { signal }),
  complete: (body: CompletedTutorialBody) =>
    api.request('v4/users/completed-tutorials', completedTutorial, { method: 'POST', json: body }),
};
