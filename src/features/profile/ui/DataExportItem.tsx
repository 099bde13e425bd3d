// "Request my data" on /profile/manage (GDPR art. 15/20): request the export, see it being prepared, download the
// ZIP while it is ready, or request a new one once it expired or failed. The server also mails when it is ready.
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import type { DataExport } from '../../../../contract/users';
import { errorText } from '../../../i18n/messages';
import { ListItem, toast } from '../../../ui';
import { DownloadIcon } from '../../../ui/icons';
import { downloadDataExport, useDataExport, useRequestDataDump } from '../account-queries';

function formatSize(bytes: number, locale: string): string {
  const mb = bytes >= 1024 * 1024;
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: mb ? 'megabyte' : 'kilobyte',
    maximumFractionDigits: 1,
  }).format(mb ? bytes / (1024 * 1024) : Math.max(1, bytes / 1024));
}

export function DataExportItem({ email, onError }: { email: string | null; onError: (text: string | null) => void }) {
  const { i18n } = useLingui();
  const latest = useDataExport();
  const request = useRequestDataDump();
  const [downloading, setDownloading] = useState(false);
  const current: DataExport | null = latest.data?.export ?? null;

  async function onRequest() {
    onError(null);
    try {
      const { sentTo } = await request.mutateAsync();
      toast.show({
        text: i18n._(msg`Your data is being prepared. We will email ${sentTo} when it is ready.`),
        tone: 'success',
      });
    } catch (error) {
      onError(errorText(i18n, error));
    }
  }

  async function onDownload(id: string) {
    onError(null);
    setDownloading(true);
    try {
      const blob = await downloadDataExport(id);
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = `forecourt-pay-data-${(current?.readyAt ?? new Date().toISOString()).slice(0, 10)}.zip`;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch {
      onError(i18n._(msg`The download failed. Please try again.`));
      void latest.refetch();
    } finally {
      setDownloading(false);
    }
  }

  if (current?.state === 'REQUESTED') {
    return (
      <ListItem
        leading={<DownloadIcon size={20} />}
        title={<Trans>Preparing your data…</Trans>}
        subtitle={email ? <Trans>We email {email} when your ZIP file is ready. You can leave this page.</Trans> : null}
      />
    );
  }
  if (current?.state === 'READY') {
    const id = current.id;
    const size = formatSize(current.byteSize ?? 0, i18n.locale);
    const until = new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(current.expiresAt ?? Date.now()),
    );
    return (
      <ListItem
        leading={<DownloadIcon size={20} />}
        title={<Trans>Download my data</Trans>}
        subtitle={
          <Trans>
            ZIP file, {size}, available until {until}
          </Trans>
        }
        onClick={() => void onDownload(id)}
        disabled={downloading}
      />
    );
  }
  return (
    <ListItem
      leading={<DownloadIcon size={20} />}
      title={<Trans>Request my data</Trans>}
      subtitle={
        current?.state === 'EXPIRED' ? (
          <Trans>Your last data export has expired. Request a new one.</Trans>
        ) : current?.state === 'FAILED' ? (
          <Trans>Your last data export could not be made. Please request it again.</Trans>
        ) : email ? (
          <Trans>We collect everything we keep about you in a ZIP file and email {email} when it is ready</Trans>
        ) : null
      }
      onClick={() => void onRequest()}
      disabled={request.isPending || latest.isPending}
    />
  );
}
