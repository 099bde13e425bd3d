// Development only: every component of the kit on one page, to look at (and screenshot) at 360 px.
// Plain strings on purpose: this page is for engineers and never ships, so it adds nothing to the catalogs.
import { I18nProvider } from '@lingui/react';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { activateLanguage, i18n } from '../../i18n';
import type { Language } from '../../i18n/language';
import '../../styles.css';
import { validateEmail, validatePassword, validateTerms } from '../../lib/validation';
import {
  BottomSheet,
  Button,
  buttonClass,
  Card,
  Checkbox,
  Chip,
  ChipGroup,
  EmptyState,
  FormAlert,
  IconButton,
  List,
  ListItem,
  Loading,
  Money,
  Notice,
  Page,
  PasswordField,
  RadioList,
  RadioOption,
  Section,
  SelectField,
  SkeletonList,
  SkeletonText,
  Spinner,
  StatusBadge,
  SubmitButton,
  TextArea,
  TextField,
  Toaster,
  toast,
  useForm,
} from '..';
import {
  BackIcon,
  CardIcon,
  CarIcon,
  CarWashIcon,
  EvPlugIcon,
  FilterIcon,
  FuelIcon,
  HistoryIcon,
  LanguageIcon,
  LogOutIcon,
  MapPinIcon,
  ReceiptIcon,
  SettingsIcon,
  TicketIcon,
  UserIcon,
  WalletIcon,
} from '../icons';

const eur = (amount: number, precision = 2) => ({ amount, currency: 'EUR', precision });
const METHODS = [
  { value: 'visa', title: 'Visa •••• 4242', subtitle: 'Expires 04/2028', leading: <CardIcon size={20} /> },
  { value: 'mc', title: 'Mastercard •••• 0005', subtitle: 'Expires 11/2027', leading: <CardIcon size={20} /> },
  { value: 'fuel', title: 'Fleet card •••• 7781', subtitle: 'Fuel only', leading: <WalletIcon size={20} /> },
];

function DemoForm() {
  const form = useForm({
    initial: { email: 'driver@example', password: '', terms: false },
    labels: { email: 'Email', password: 'Password' },
    validate: { email: validateEmail, password: validatePassword, terms: validateTerms },
  });
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(async () => {
        await new Promise((r) => setTimeout(r, 1200));
        throw new Error('demo');
      })}
    >
      <FormAlert>{form.alert}</FormAlert>
      <TextField type="email" autoComplete="username" {...form.field('email')} />
      <PasswordField hint="8 to 40 characters" {...form.field('password')} />
      <Checkbox label="I accept the terms and conditions" {...form.checkbox('terms')} />
      <SubmitButton pending={form.pending}>Create account</SubmitButton>
    </form>
  );
}

function Gallery() {
  const [method, setMethod] = useState<string | null>('visa');
  const [sheet, setSheet] = useState(false);
  const [vehicle, setVehicle] = useState('golf');
  const [filters, setFilters] = useState<string[]>(['fuel']);
  const section = new URLSearchParams(location.search).get('part') ?? 'all';
  const show = (part: string) => section === 'all' || section === part;
  const toggle = (f: string) => setFilters((all) => (all.includes(f) ? all.filter((x) => x !== f) : [...all, f]));

  return (
    <div className="app">
      <header className="top-bar">
        <div className="top-bar-start">
          <IconButton label="Back" icon={<BackIcon />} />
        </div>
        <p className="top-bar-title">UI kit</p>
        <div className="top-bar-end">
          <IconButton label="Settings" icon={<SettingsIcon />} />
        </div>
      </header>
      <main className="main">
        <Page
          eyebrow="Pump 4 · Super 95"
          title="Summary"
          description="This amount is reserved on your card. You are charged only for the fuel you take."
          actions={
            <Button size="lg" onClick={() => toast.show({ text: 'Payment confirmed', tone: 'success' })}>
              Pay <Money value={eur(5000)} />
            </Button>
          }
        >
          {show('summary') ? (
            <>
              <Card>
                <dl className="summary" style={{ border: 0, padding: 0, margin: 0 }}>
                  <div>
                    <dt>Fuel</dt>
                    <dd>Super 95</dd>
                  </div>
                  <div>
                    <dt>Price per litre</dt>
                    <dd>
                      <Money value={eur(1789, 3)} variant="unit" per="l" />
                    </dd>
                  </div>
                  <div className="summary-total">
                    <dt>Maximum amount</dt>
                    <dd>
                      <Money value={eur(5000)} />
                    </dd>
                  </div>
                </dl>
              </Card>
              <Section title="Payment method">
                <SelectField
                  label="Payment method"
                  value={method}
                  onChange={setMethod}
                  options={METHODS}
                  placeholder="Choose a card"
                />
              </Section>
              <Notice tone="info" title="Pay at the pump">
                You only pay for what you fuel; the rest is released.
              </Notice>
            </>
          ) : null}

          {show('buttons') ? (
            <Section title="Buttons">
              <div className="actions">
                <Button icon={<FuelIcon size={20} />}>Start fuelling</Button>
                <Button variant="secondary">Log in</Button>
                <Button variant="ghost">Continue as guest</Button>
                <Button variant="danger">Delete account</Button>
                <Button loading>Paying…</Button>
                <Button disabled>Pay</Button>
                <a href="#x" className={buttonClass({ variant: 'secondary', size: 'sm' })}>
                  Link as a small button
                </a>
              </div>
              <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
                <IconButton label="Filter" icon={<FilterIcon />} variant="tonal" />
                <IconButton label="Language" icon={<LanguageIcon />} variant="outline" />
                <Spinner />
                <Spinner size="lg" label="Loading" />
              </div>
            </Section>
          ) : null}

          {show('status') ? (
            <Section title="Pumps">
              <div style={{ display: 'flex', flexWrap: 'wrap', gap: 16 }}>
                <StatusBadge status="AVAILABLE" />
                <StatusBadge status="IN_USE" />
                <StatusBadge status="OUT_OF_ORDER" />
                <StatusBadge status="UNAVAILABLE" />
              </div>
              <ul className="pump-grid">
                {(['AVAILABLE', 'IN_USE', 'AVAILABLE', 'OUT_OF_ORDER', 'AVAILABLE', 'UNAVAILABLE'] as const).map(
                  (s, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a fixed demo list
                    <li key={i}>
                      <button type="button" className={`pump status-${s.toLowerCase()}`} disabled={s !== 'AVAILABLE'}>
                        <span className="pump-number">{i + 1}</span>
                        <span className="pump-status">{s.replace(/_/g, ' ').toLowerCase()}</span>
                      </button>
                    </li>
                  ),
                )}
              </ul>
              <ChipGroup label="Filters">
                <Chip selected={filters.includes('fuel')} onClick={() => toggle('fuel')} icon={<FuelIcon size={18} />}>
                  Fuel
                </Chip>
                <Chip selected={filters.includes('ev')} onClick={() => toggle('ev')} icon={<EvPlugIcon size={18} />}>
                  EV
                </Chip>
                <Chip selected={filters.includes('wash')} onClick={() => toggle('wash')}>
                  Car wash
                </Chip>
              </ChipGroup>
            </Section>
          ) : null}

          {show('lists') ? (
            <>
              <List header="Account">
                <ListItem leading={<UserIcon size={20} />} title="Profile" subtitle="driver@example.com" href="#p" />
                <ListItem leading={<CarIcon size={20} />} title="Vehicles" trailing="2" href="#v" />
                <ListItem leading={<CardIcon size={20} />} title="Payment methods" href="#m" />
                <ListItem leading={<LogOutIcon size={20} />} title="Log out" tone="danger" onClick={() => undefined} />
              </List>
              <List header="Recent receipts">
                <ListItem
                  leading={<ReceiptIcon size={20} />}
                  title="Aral · Berlin"
                  subtitle="Today, 08:14 · 32.4 l"
                  trailing={<Money value={eur(5771)} />}
                  href="#r"
                />
                <ListItem
                  leading={<CarWashIcon size={20} />}
                  title="Car wash Premium"
                  subtitle="12 May · Code 4821"
                  trailing={<Money value={eur(1299)} />}
                />
              </List>
            </>
          ) : null}

          {show('notices') ? (
            <Section title="Notices">
              <Notice tone="success" title="Card added">
                Visa •••• 4242 is ready to pay.
              </Notice>
              <Notice tone="warning" live="none">
                You are offline. Fuelling goes on; we will update this screen when you are back online.
              </Notice>
              <Notice tone="danger" live="none" title="Payment declined">
                Your bank declined the reservation. Choose another card.
              </Notice>
              <FormAlert>Username and/or password are wrong. Maybe you didn&apos;t create an account.</FormAlert>
              <Card>
                <EmptyState
                  icon={<TicketIcon size={32} />}
                  title="No vouchers yet"
                  description="Vouchers you add appear here and are applied when you pay."
                  action={
                    <Button variant="secondary" fullWidth={false}>
                      Add a voucher
                    </Button>
                  }
                />
              </Card>
            </Section>
          ) : null}

          {show('loading') ? (
            <Section title="Loading">
              <Loading>
                <SkeletonText lines={1} size="title" />
                <SkeletonText lines={3} />
                <SkeletonList rows={3} />
              </Loading>
            </Section>
          ) : null}

          {show('form') ? (
            <Section title="Form">
              <DemoForm />
              <TextField label="Search" leading={<MapPinIcon size={20} />} placeholder="City or street" />
              <TextArea label="Message" hint="Optional" />
              <TextField label="Licence plate" error="The Licence plate field is required" defaultValue="" />
            </Section>
          ) : null}

          {show('sheet') ? (
            <Section title="Sheet">
              <Button variant="secondary" icon={<CarIcon size={20} />} onClick={() => setSheet(true)}>
                Choose vehicle
              </Button>
              <BottomSheet
                open={sheet}
                onClose={() => setSheet(false)}
                title="Your vehicle"
                footer={<Button onClick={() => setSheet(false)}>Done</Button>}
              >
                <RadioList label="Vehicle" hideLabel value={vehicle} onChange={setVehicle}>
                  <RadioOption
                    value="golf"
                    title="VW Golf"
                    subtitle="B-FP 2024 · Petrol"
                    leading={<CarIcon size={20} />}
                  />
                  <RadioOption
                    value="id3"
                    title="VW ID.3"
                    subtitle="B-EV 77 · Electric"
                    leading={<EvPlugIcon size={20} />}
                  />
                  <RadioOption
                    value="van"
                    title="Transporter"
                    subtitle="B-TR 9 · Diesel"
                    leading={<CarIcon size={20} />}
                  />
                </RadioList>
              </BottomSheet>
              <List header="History" inset>
                <ListItem leading={<HistoryIcon size={20} />} title="All events" href="#h" />
              </List>
            </Section>
          ) : null}
        </Page>
      </main>
      <Toaster />
    </div>
  );
}

async function start() {
  const lang = (new URLSearchParams(location.search).get('lang') ?? 'en') as Language;
  await activateLanguage(lang);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <Gallery />
      </I18nProvider>
    </StrictMode>,
  );
}
void start();
