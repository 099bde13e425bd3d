import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useSession } from '../../features/session/queries';
import {
  useCompletedTutorials,
  useCompleteTutorial,
  useTopics,
  useTopicTutorials,
} from '../../features/tutorials/queries';
import '../../features/tutorials/ui/tutorials.css';
import { errorText } from '../../i18n/messages';
import { ApiError } from '../../lib/http/errors';
import { useOnline } from '../../lib/use-online';
import { Button, buttonClass, Card, Notice, Page, SkeletonText, toast } from '../../ui';
import { CheckIcon } from '../../ui/icons';
import { settingsPage } from '../-account-page';

export const Route = createFileRoute('/tutorials/$id')({
  beforeLoad: settingsPage,
  component: TutorialTopicPage,
});

/**
 * A topic's tutorial, step by step, and marking it complete (§4 "A tutorial is completed when a completion record is
 * posted for its topic and language"). Once read it opens again without signal (the persisted query cache).
 */
function TutorialTopicPage() {
  const { id } = Route.useParams();
  const { i18n } = useLingui();
  const online = useOnline();
  const record = useSession();
  const registered = !!record && !record.isGuest;
  const topic = useTopics(i18n.locale).data?.find((t) => t.id === id);
  const tutorials = useTopicTutorials(id, i18n.locale);
  const completed = useCompletedTutorials(registered ? record.userId : null);
  const complete = useCompleteTutorial();
  const tutorial = tutorials.data?.[0];
  const done = tutorial
    ? completed.data?.find((c) => c.topicId === id && c.tutorialLanguage === tutorial.language)
    : undefined;

  if (tutorials.error instanceof ApiError && tutorials.error.status === 404) {
    return (
      <Page title={<Trans>Tutorial not found</Trans>}>
        <Notice tone="info">
          <Trans>There is no tutorial on this topic.</Trans>
        </Notice>
        <Link to="/tutorials" className={buttonClass({ variant: 'secondary' })}>
          <Trans>All tutorials</Trans>
        </Link>
      </Page>
    );
  }

  async function markComplete() {
    if (!tutorial || !record) return;
    try {
      await complete.mutateAsync({
        userId: record.userId,
        topicId: id,
        tutorialLanguage: tutorial.language,
        completedAt: new Date().toISOString(),
      });
    } catch (error) {
      toast.show({ text: errorText(i18n, error), tone: 'danger' });
    }
  }

  const doneOn = done
    ? new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium' }).format(new Date(done.completedAt))
    : null;

  return (
    <Page
      eyebrow={topic?.title}
      title={tutorial?.title ?? topic?.title ?? <Trans>Tutorial</Trans>}
      actions={
        registered && tutorial && !done ? (
          <Button
            size="lg"
            icon={<CheckIcon size={20} aria-hidden="true" />}
            loading={complete.isPending}
            disabled={!online}
            onClick={() => void markComplete()}
          >
            <Trans>Mark as complete</Trans>
          </Button>
        ) : undefined
      }
    >
      {tutorial ? (
        <>
          {doneOn ? (
            <Notice tone="success" live="status">
              <Trans>You completed this tutorial on {doneOn}.</Trans>
            </Notice>
          ) : null}
          <Card>
            <ol className="tutorial-steps">
              {tutorial.steps.map((step) => (
                <li key={step.title} className="tutorial-step">
                  <div>
                    <h3>{step.title}</h3>
                    <p>{step.text}</p>
                  </div>
                </li>
              ))}
            </ol>
          </Card>
          {registered && !done && !online ? (
            <Notice tone="info" live="none">
              <Trans>You are offline</Trans>
            </Notice>
          ) : null}
        </>
      ) : tutorials.isError || !online ? (
        <Notice
          tone="warning"
          action={
            online ? (
              <Button variant="secondary" size="sm" onClick={() => void tutorials.refetch()}>
                <Trans>Try again</Trans>
              </Button>
            ) : undefined
          }
        >
          {online ? <Trans>The tutorial could not be loaded.</Trans> : <Trans>You are offline</Trans>}
        </Notice>
      ) : (
        <Card>
          <SkeletonText lines={6} />
        </Card>
      )}
    </Page>
  );
}
