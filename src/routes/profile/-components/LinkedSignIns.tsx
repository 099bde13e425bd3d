// The profile's "Linked sign-ins" (issue 36): each identity provider the server offers, linked or not. Linking runs the
// same sign-in at the provider (purpose link: the identity joins this account; /openid/callback starts it and says what
// went wrong); unlinking removes it here.
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import {
  openIdApi,
  openIdIdentitiesQuery,
  openIdKeys,
  openIdProvidersQuery,
  requestOpenIdStart,
} from '../../../features/session/openid';
import { errorText } from '../../../i18n/messages';
import { Button, List, ListItem, Notice, Section } from '../../../ui';
import { KeyIcon } from '../../../ui/icons';

export function LinkedSignIns() {
  const { i18n } = useLingui();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const providers = useQuery(openIdProvidersQuery);
  const identities = useQuery(openIdIdentitiesQuery);
  const [alert, setAlert] = useState<string | null>(null);
  const unlink = useMutation({
    mutationFn: openIdApi.unlink,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: openIdKeys.identities }),
    onError: (error) => setAlert(errorText(i18n, error)),
  });
  const offered = providers.data?.providers ?? [];
  const linked = identities.data?.identities ?? [];
  // Providers offered, and any linked one the server no longer offers (it can still be unlinked).
  const rows = [
    ...offered.map((p) => ({ id: p.id, label: p.label })),
    ...linked.filter((l) => !offered.some((p) => p.id === l.provider)).map((l) => ({ id: l.provider, label: l.label })),
  ];
  if (rows.length === 0) return null;
  const link = (id: string, label: string) => {
    requestOpenIdStart({ provider: { id, label }, purpose: 'link' });
    void navigate({ to: '/openid/callback' });
  };
  return (
    <Section title={<Trans>Linked sign-ins</Trans>}>
      {alert ? (
        <Notice tone="danger" live="alert">
          {alert}
        </Notice>
      ) : null}
      <List>
        {rows.map((row) => {
          const label = row.label;
          const identity = linked.find((l) => l.provider === row.id);
          return (
            <ListItem
              key={row.id}
              leading={<KeyIcon size={20} />}
              title={row.label}
              subtitle={
                identity ? (
                  identity.email ? (
                    <Trans>Linked: {identity.email}</Trans>
                  ) : (
                    <Trans>Linked</Trans>
                  )
                ) : (
                  <Trans>Not linked</Trans>
                )
              }
              trailing={
                identity ? (
                  <Button
                    size="sm"
                    variant="secondary"
                    loading={unlink.isPending && unlink.variables === row.id}
                    onClick={() => unlink.mutate(row.id)}
                    aria-label={i18n._(msg`Unlink ${label}`)}
                  >
                    <Trans>Unlink</Trans>
                  </Button>
                ) : (
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => link(row.id, row.label)}
                    aria-label={i18n._(msg`Link ${label}`)}
                  >
                    <Trans>Link</Trans>
                  </Button>
                )
              }
            />
          );
        })}
      </List>
    </Section>
  );
}
