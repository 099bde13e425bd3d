import { Trans } from '@lingui/react/macro';
import { createFileRoute, Link } from '@tanstack/react-router';
import { buttonClass, EmptyState, Page } from '../../ui';
import { AlertIcon } from '../../ui/icons';

export const Route = createFileRoute('/history/error')({
  component: HistoryError,
});

/** The history could not be loaded and nothing is kept on this phone to show instead (§2.1 /history/error). */
function HistoryError() {
  return (
    <Page>
      <EmptyState
        icon={<AlertIcon size={32} />}
        title={<Trans>The history could not be loaded</Trans>}
        description={<Trans>There was an error. Please try again later!</Trans>}
        action={
          <Link to="/history" className={buttonClass()}>
            <Trans>Try again</Trans>
          </Link>
        }
      />
    </Page>
  );
}
