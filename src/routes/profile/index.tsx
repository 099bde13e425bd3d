import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { preferencesQuery } from '../../features/profile/queries';
import { useOwnUser } from '../../features/profile/ui/use-own-user';
import { useFeatures } from '../../features/session/queries';
import { useVehiclesSync } from '../../features/vehicles/queries';
import { useKeptVehicles } from '../../features/vehicles/store';
import { Card, List, ListItem, Page, Skeleton } from '../../ui';
import {
  CarIcon,
  CarWashIcon,
  FriendsIcon,
  HistoryIcon,
  KeyIcon,
  LotteryIcon,
  MapPinIcon,
  ReceiptIcon,
  SettingsIcon,
  StarIcon,
  TicketIcon,
  TutorialIcon,
  UserIcon,
  WalletIcon,
} from '../../ui/icons';
import { accountPage, featureGates } from '../-account-page';

export const Route = createFileRoute('/profile/')({
  beforeLoad: accountPage,
  component: ProfileHub,
});

function initials(first: string | null, last: string | null, email: string | null): string {
  const letters = `${first?.[0] ?? ''}${last?.[0] ?? ''}`.toUpperCase();
  return letters || (email?.[0] ?? '?').toUpperCase();
}

/** The driver's hub: who is signed in, and a way to every part of the account. */
function ProfileHub() {
  const user = useOwnUser();
  const u = user.data;
  const vehicles = useKeptVehicles(u?.id ?? null);
  useVehiclesSync(u?.id ?? null);
  // The preference query follows "make preferred" at once (also offline); the user record may be older.
  const preferences = useQuery({ ...preferencesQuery(), enabled: !!u });
  const preferredId = preferences.data?.preferredThing ?? u?.preferredVehicle;
  const preferred = vehicles?.find((v) => v._id === preferredId)?.nickName;
  const name = u ? [u.firstName, u.lastName].filter(Boolean).join(' ') : '';
  // Areas the account's features switch off are not offered (§6 "Other account flags switch … loyalty").
  const features = useFeatures(u?.accountId);
  const on = (gate: (f: NonNullable<typeof features.data>) => boolean) => !!features.data && gate(features.data);
  return (
    <Page>
      <h1 className="visually-hidden">
        <Trans>Profile</Trans>
      </h1>
      <Card>
        <div className="profile-head">
          <span className="profile-avatar" aria-hidden="true">
            {u ? initials(u.firstName, u.lastName, u.email) : null}
          </span>
          <div className="profile-head-text">
            <p className="profile-name">{u ? name || <Trans>No name yet</Trans> : <Skeleton width="10rem" />}</p>
            <p className="profile-email">{u ? u.email : <Skeleton width="12rem" />}</p>
          </div>
        </div>
      </Card>
      <List header={<Trans>Account</Trans>}>
        <ListItem
          leading={<UserIcon size={20} />}
          title={<Trans>Personal details</Trans>}
          subtitle={<Trans>Name, phone, company, your data</Trans>}
          render={(row) => <Link to="/profile/manage" {...row} />}
        />
        <ListItem
          leading={<MapPinIcon size={20} />}
          title={<Trans>Address</Trans>}
          subtitle={u?.address.city ?? undefined}
          render={(row) => <Link to="/address" {...row} />}
        />
        <ListItem
          leading={<ReceiptIcon size={20} />}
          title={<Trans>VAT data</Trans>}
          subtitle={u?.taxInfo.taxId ?? undefined}
          render={(row) => <Link to="/tax" {...row} />}
        />
        <ListItem
          leading={<KeyIcon size={20} />}
          title={<Trans>Change password</Trans>}
          render={(row) => <Link to="/change-password" {...row} />}
        />
      </List>
      <List header={<Trans>Payment methods</Trans>}>
        <ListItem
          leading={<WalletIcon size={20} />}
          title={<Trans>Payment methods</Trans>}
          subtitle={<Trans>Cards and payment PIN</Trans>}
          render={(row) => <Link to="/profile/payments" {...row} />}
        />
      </List>
      <List header={<Trans>Savings</Trans>}>
        <ListItem
          leading={<TicketIcon size={20} />}
          title={<Trans>Vouchers</Trans>}
          subtitle={<Trans>Discounts on fuel, car wash and charging</Trans>}
          render={(row) => <Link to="/profile/vouchers" {...row} />}
        />
        {on(featureGates.loyalty) ? (
          <ListItem
            leading={<StarIcon size={20} />}
            title={<Trans>Loyalty cards</Trans>}
            subtitle={<Trans>Collect points when you pay</Trans>}
            render={(row) => <Link to="/profile/loyalty" {...row} />}
          />
        ) : null}
        {on(featureGates.referAFriend) ? (
          <ListItem
            leading={<FriendsIcon size={20} />}
            title={<Trans>Refer a friend</Trans>}
            subtitle={<Trans>Share your code and save on fuel together</Trans>}
            render={(row) => <Link to="/profile/refer" {...row} />}
          />
        ) : null}
        <ListItem
          leading={<CarWashIcon size={20} />}
          title={<Trans>Wash tickets</Trans>}
          subtitle={<Trans>Your car wash codes, also offline</Trans>}
          render={(row) => <Link to="/profile/wash" {...row} />}
        />
        {/* The lottery benefit: accounts with the gamification feature (§3 Account features). */}
        {on((f) => f.gamification === true) ? (
          <ListItem
            leading={<LotteryIcon size={20} />}
            title={<Trans>Benefits</Trans>}
            subtitle={<Trans>The lottery and its prizes</Trans>}
            render={(row) => <Link to="/profile/benefits" {...row} />}
          />
        ) : null}
      </List>
      {on(featureGates.carProfile) ? (
        <List header={<Trans>Vehicles</Trans>}>
          <ListItem
            leading={<CarIcon size={20} />}
            title={<Trans>Your vehicles</Trans>}
            subtitle={preferred ? <Trans>Preferred: {preferred}</Trans> : undefined}
            render={(row) => <Link to="/profile/cars" {...row} />}
          />
        </List>
      ) : null}
      <List header={<Trans>Logbook</Trans>}>
        <ListItem
          leading={<HistoryIcon size={20} />}
          title={<Trans>History and costs</Trans>}
          render={(row) => <Link to="/history" {...row} />}
        />
      </List>
      <List header={<Trans>App</Trans>}>
        <ListItem
          leading={<TutorialIcon size={20} />}
          title={<Trans>Tutorials</Trans>}
          subtitle={<Trans>How paying with the app works</Trans>}
          render={(row) => <Link to="/tutorials" {...row} />}
        />
        <ListItem
          leading={<SettingsIcon size={20} />}
          title={<Trans>Settings</Trans>}
          subtitle={<Trans>Language, help, log out</Trans>}
          render={(row) => <Link to="/settings" {...row} />}
        />
      </List>
    </Page>
  );
}
