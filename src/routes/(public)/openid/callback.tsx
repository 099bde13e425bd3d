// /openid/callback: where the identity provider sends the driver back (the redirect URI registered at the provider).
import { createFileRoute } from '@tanstack/react-router';
import { OpenIdCallback } from '../../../features/session/ui/OpenIdCallback';

export const Route = createFileRoute('/(public)/openid/callback')({
  component: OpenIdCallback,
});
