// The tutorial site (shell-and-account.md §7 "GET {tutorial site}/tutorial_topic and /tutorial?tutorial_topic"), served
// at /api/tutorial-site (public, cacheable), and the driver's completions: GET/POST /api/v4/users/completed-tutorials.
import { Hono } from 'hono';
import { completedTutorialBody, tutorialQuery, tutorialTopicQuery } from '../../contract/tutorials';
import type { AppContext } from '../context';
import { requireAuth } from '../http/auth';
import type { AppEnv } from '../http/types';
import { jsonBody, query } from '../http/validate';
import {
  completeTutorial,
  listCompletedTutorials,
  listTopics,
  listTutorials,
  resolveTutorialLanguage,
} from '../services/tutorials';

/** Where the app finds the tutorial site by default (VITE_TUTORIAL_SITE_URL elsewhere). */
export const TUTORIAL_SITE_PATH = '/tutorial-site';
const CACHE = 'public, max-age=3600';

export function tutorialRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();
  const auth = requireAuth(ctx);
  r.get(`${TUTORIAL_SITE_PATH}/tutorial_topic`, (c) => {
    const q = query(c, tutorialTopicQuery);
    const language = resolveTutorialLanguage(q.locale, c.req.header('x-locale'), c.req.header('accept-language'));
    c.header('Cache-Control', CACHE);
    c.header('Vary', 'X-Locale, Accept-Language');
    return c.json(listTopics({ input: { language } }));
  });
  r.get(`${TUTORIAL_SITE_PATH}/tutorial`, (c) => {
    const q = query(c, tutorialQuery);
    const language = resolveTutorialLanguage(q.locale, c.req.header('x-locale'), c.req.header('accept-language'));
    c.header('Cache-Control', CACHE);
    c.header('Vary', 'X-Locale, Accept-Language');
    return c.json(listTutorials({ input: { topicId: q.tutorial_topic, language } }));
  });
  r.get('/v4/users/completed-tutorials', auth, async (c) =>
    c.json(await listCompletedTutorials({ ctx, input: { session: c.get('session') } })),
  );
  r.post('/v4/users/completed-tutorials', auth, async (c) => {
    const body = await jsonBody(c, completedTutorialBody);
    const { created, record } = await completeTutorial({ ctx, input: { session: c.get('session'), body } });
    return c.json(record, created ? 201 : 200);
  });
  return r;
}
