import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useSession } from '../../features/session/queries';
import { useCompletedTutorials, useTopics } from '../../features/tutorials/queries';
import { TopicIcon } from '../../features/tutorials/ui/TopicIcon';
import '../../features/tutorials/ui/tutorials.css';
import { useOnline } from '../../lib/use-online';
import { Button, List, ListItem, Notice, Page, SkeletonList } from '../../ui';
import { SuccessIcon } from '../../ui/icons';
import { settingsPage } from '../-account-page';

export const Route = createFileRoute('/tutorials/')({
  beforeLoad: settingsPage,
  component: Tutorials,
});

/** The tutorial topics (shell-and-account.md §2.4 "Tutorials: topics and tutorials, each complete or incomplete"). */
function Tutorials() {
  const { i18n } = useLingui();
  const online = useOnline();
  const record = useSession();
  const registered = !!record && !record.isGuest;
  const topics = useTopics(i18n.locale);
  const completed = useCompletedTutorials(registered ? record.userId : null);
  const done = (topicId: string, language: string) =>
    completed.data?.some((c) => c.topicId === topicId && c.tutorialLanguage === language) ?? false;
  return (
    <Page
      title={<Trans>Tutorials</Trans>}
      description={<Trans>How paying at the pump, car wash and charging work, step by step.</Trans>}
    >
      {topics.data ? (
        <List>
          {topics.data.map((topic) => (
            <ListItem
              key={topic.id}
              leading={<TopicIcon icon={topic.icon} />}
              title={topic.title}
              subtitle={topic.description}
              trailing={
                done(topic.id, topic.language) ? (
                  <span className="tutorial-done">
                    <SuccessIcon size={16} aria-hidden="true" />
                    <Trans>Completed</Trans>
                  </span>
                ) : undefined
              }
              render={(row) => <Link to="/tutorials/$id" params={{ id: topic.id }} {...row} />}
            />
          ))}
        </List>
      ) : topics.isError || !online ? (
        <Notice
          tone="warning"
          action={
            online ? (
              <Button variant="secondary" size="sm" onClick={() => void topics.refetch()}>
                <Trans>Try again</Trans>
              </Button>
            ) : undefined
          }
        >
          {online ? <Trans>The tutorials could not be loaded.</Trans> : <Trans>You are offline</Trans>}
        </Notice>
      ) : (
        <SkeletonList rows={5} />
      )}
    </Page>
  );
}
