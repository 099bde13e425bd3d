// README.txt of the data export: what each file is, how they join, and what is left out and why.
import { EXCLUDED_TABLES } from './coverage';
import { SECTIONS } from './sections';

export function exportReadme(opts: { exportedAt: Date; email: string | null; userId: string }): string {
  const lines = [
    'Forecourt Pay: your data',
    '========================',
    '',
    `Exported ${opts.exportedAt.toISOString()} for ${opts.email ?? opts.userId} (user id ${opts.userId}).`,
    'This archive holds everything Forecourt Pay keeps about you (GDPR articles 15 and 20). Each kind of data is',
    'one JSON file (an array of records) and one CSV file (the same records: comma-separated, UTF-8, a header line;',
    'nested values as JSON). Times are UTC (ISO 8601). Money is in minor units (cents) unless the column says',
    'deci-cents. Files refer to each other by id: orderId, eventId, thingId, paymentMethodId.',
    '',
    'Files',
    '-----',
    'README.txt: this text.',
    'export.json: when and for whom this export was made, and the list of files.',
  ];
  for (const s of SECTIONS) lines.push(`${s.file}.json, ${s.file}.csv: ${s.about}`);
  lines.push(
    'history-images/: the image files of your history events, named <eventId>-<imageId>.<type> (see history-images).',
    '',
    'Never in this archive',
    '---------------------',
    'Your password (only a one-way hash is kept, and it is not exported), your payment PIN (likewise), card numbers',
    '(the payment provider keeps them: we keep brand, last 4 digits and expiry), payment tokens, session tokens,',
    'WebAuthn public keys. These are kept too, but are not data about you that you could use elsewhere:',
  );
  for (const [table, why] of Object.entries(EXCLUDED_TABLES)) lines.push(`- ${table}: ${why}.`);
  lines.push('');
  return lines.join('\r\n');
}
