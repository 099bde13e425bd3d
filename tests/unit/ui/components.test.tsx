// The kit's components: names, roles and states that screen readers and e2e tests rely on.
import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  BottomSheet,
  Button,
  buttonClass,
  Chip,
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
  SelectField,
  SkeletonList,
  StatusBadge,
  TextField,
  Toaster,
  toast,
} from '../../../src/ui';
import { CloseIcon, FuelIcon } from '../../../src/ui/icons';
import { pagesFadeIn } from '../../../src/ui/page-motion';
import { polyfillDialog, renderWith } from './harness';

beforeAll(polyfillDialog);

describe('Button', () => {
  it('is a plain button by default and a busy, disabled one while loading, keeping its name', () => {
    renderWith(
      <>
        <Button>Pay</Button>
        <Button loading>Log in</Button>
      </>,
    );
    const pay = screen.getByRole('button', { name: 'Pay' }) as HTMLButtonElement;
    expect(pay.type).toBe('button');
    expect(pay.getAttribute('aria-busy')).toBeNull();
    const busy = screen.getByRole('button', { name: 'Log in' }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    expect(busy.getAttribute('aria-busy')).toBe('true');
  });

  it("buttonClass gives the class names today's markup uses, for links styled as buttons", () => {
    expect(buttonClass()).toBe('button');
    expect(buttonClass({ variant: 'secondary' })).toBe('button secondary');
    expect(buttonClass({ variant: 'ghost', size: 'sm' })).toBe('button ghost small');
    expect(buttonClass({ variant: 'danger', fullWidth: false }, 'extra')).toBe('button danger inline extra');
  });

  it('IconButton takes its name from the label; the icon is hidden from screen readers', () => {
    renderWith(<IconButton label="Close" icon={<CloseIcon />} />);
    const button = screen.getByRole('button', { name: 'Close' });
    expect(button.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
  });
});

describe('Page', () => {
  it('has one h1, and the actions in the sticky bar after the content', () => {
    const { container } = renderWith(
      <Page title="Summary" description="Check and pay" actions={<Button>Pay</Button>}>
        <p>Content</p>
      </Page>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Summary');
    const bar = container.querySelector('.ui-action-bar')!;
    expect(bar.textContent).toBe('Pay');
    expect(container.querySelector('.ui-page')!.lastElementChild).toBe(bar);
  });

  it("does not fade in on the start's first screen; pages mounted after the first navigation do, a mounted one stays", () => {
    // (The module's flag only ever turns on: this test is the only one here that turns it.)
    function Titled() {
      const [title, setTitle] = useState('First');
      return (
        <Page title={title}>
          <button type="button" onClick={() => setTitle('First, again')}>
            Rename
          </button>
        </Page>
      );
    }
    const first = renderWith(<Titled />);
    const firstPage = first.container.querySelector('.ui-page')!;
    expect(firstPage.classList.contains('ui-page--enter')).toBe(false);
    pagesFadeIn();
    fireEvent.click(screen.getByRole('button', { name: 'Rename' }));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('First, again');
    expect(first.container.querySelector('.ui-page')).toBe(firstPage);
    expect(firstPage.classList.contains('ui-page--enter')).toBe(false);
    const next = renderWith(<Page title="Next">y</Page>);
    expect(next.container.querySelector('.ui-page')!.classList.contains('ui-page--enter')).toBe(true);
  });
});

describe('ListItem', () => {
  it('is a button, a link, a caller-rendered element or static text, always inside a list item', () => {
    const onClick = vi.fn();
    renderWith(
      <List header="Account">
        <ListItem title="Log out" onClick={onClick} />
        <ListItem title="Terms" subtitle="PDF" href="/legal/terms.html" />
        <ListItem title="Vehicles" render={(row) => <a href="/profile/cars" {...row} />} />
        <ListItem title="Version" trailing="6.9.4" />
      </List>,
    );
    expect(screen.getByRole('list', { name: 'Account' }).children).toHaveLength(4);
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(onClick).toHaveBeenCalled();
    expect(screen.getByRole('link', { name: /Terms/ }).getAttribute('href')).toBe('/legal/terms.html');
    const rendered = screen.getByRole('link', { name: 'Vehicles' });
    expect(rendered.className).toContain('ui-row--action');
    expect(screen.getByText('6.9.4').closest('.ui-row')?.tagName).toBe('DIV');
  });
});

describe('Money', () => {
  it('formats totals rounded down and unit prices with all digits, in the active language', () => {
    renderWith(
      <>
        <Money value={{ amount: 5099, currency: 'EUR', precision: 2 }} />
        <Money value={{ amount: 1789, currency: 'EUR', precision: 3 }} variant="unit" per="l" />
      </>,
      'de',
    );
    expect(screen.getByText(/50,99/).textContent).toBe('50,99\u00a0€');
    expect(screen.getByText(/1,789/).textContent).toBe('1,789\u00a0€/l');
  });
});

describe('StatusBadge', () => {
  it('always says the status in words (colour is never the only cue)', () => {
    renderWith(
      <>
        <StatusBadge status="AVAILABLE" />
        <StatusBadge status="OUT_OF_ORDER" />
        <StatusBadge status="IN_USE">Occupée</StatusBadge>
      </>,
    );
    expect(screen.getByText('Available')).toBeTruthy();
    expect(screen.getByText('Out of order')).toBeTruthy();
    expect(screen.getByText('Occupée').closest('.ui-status')?.className).toContain('ui-status--in-use');
  });
});

describe('Notice', () => {
  it('is an alert for danger, a status otherwise, and nothing live when asked', () => {
    renderWith(
      <>
        <Notice tone="danger">Declined</Notice>
        <Notice tone="success">Saved</Notice>
        <Notice tone="warning" live="none">
          Offline
        </Notice>
      </>,
    );
    expect(screen.getByRole('alert').textContent).toBe('Declined');
    expect(screen.getByRole('status').textContent).toBe('Saved');
    expect(screen.getByText('Offline').closest('[role]')).toBeNull();
  });
});

describe('Loading', () => {
  it('announces "Loading…" once and hides the grey shapes from screen readers', () => {
    const { container } = renderWith(
      <Loading>
        <SkeletonList rows={2} />
      </Loading>,
    );
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Loading…');
    expect(status.getAttribute('aria-busy')).toBe('true');
    expect(container.querySelector('.ui-skeleton-list')!.closest('[aria-hidden="true"]')).not.toBeNull();
  });
});

describe('Chip', () => {
  it('a filter chip says whether it is on (aria-pressed); an action chip does not', () => {
    renderWith(
      <>
        <Chip selected icon={<FuelIcon />}>
          Fuel
        </Chip>
        <Chip>Find another station</Chip>
      </>,
    );
    expect(screen.getByRole('button', { name: 'Fuel' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Find another station' }).getAttribute('aria-pressed')).toBeNull();
  });
});

describe('fields', () => {
  it('link the hint and the error to the input, and mark it invalid', () => {
    renderWith(<TextField label="Licence plate" hint="As on the car" error="The Licence plate field is required" />);
    const input = screen.getByLabelText('Licence plate');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const ids = input.getAttribute('aria-describedby')!.split(' ');
    expect(ids.map((id) => document.getElementById(id)?.textContent)).toEqual([
      'The Licence plate field is required',
      'As on the car',
    ]);
  });

  it('PasswordField shows and hides the password with a toggle that keeps its name', () => {
    renderWith(<PasswordField label="Password" defaultValue="secret" />);
    const input = screen.getByLabelText('Password', { selector: 'input' }) as HTMLInputElement;
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(input.type).toBe('password');
    fireEvent.click(toggle);
    expect(input.type).toBe('text');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
  });
});

describe('BottomSheet', () => {
  function Opener() {
    const [open, setOpen] = useState(false);
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          Open
        </button>
        <BottomSheet open={open} onClose={() => setOpen(false)} title="Filters">
          <p>Body</p>
        </BottomSheet>
      </>
    );
  }

  it('opens as a named dialog with a close button and gives focus back to its opener when closed', () => {
    renderWith(<Opener />);
    const opener = screen.getByRole('button', { name: 'Open' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Filters' });
    expect(dialog.hasAttribute('open')).toBe(true);
    expect(screen.getByText('Body')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(dialog.hasAttribute('open')).toBe(false);
    expect(screen.queryByText('Body')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('closes on a press on the backdrop (the dialog itself), not on one inside', () => {
    renderWith(<Opener />);
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { hidden: true });
    fireEvent.click(screen.getByText('Body'));
    expect(dialog.hasAttribute('open')).toBe(true);
    fireEvent.click(dialog);
    expect(dialog.hasAttribute('open')).toBe(false);
  });
});

describe('RadioList and SelectField', () => {
  const METHODS = [
    { value: 'visa', title: 'Visa •••• 4242', subtitle: 'Expires 04/2028' },
    { value: 'mc', title: 'Mastercard •••• 0005' },
  ];

  it('RadioList is a named group of real radios; a press picks, arrow-key clicks (detail 0) only change', () => {
    const onChange = vi.fn();
    const onPick = vi.fn();
    renderWith(
      <RadioList label="Vehicle" value="golf" onChange={onChange} onPick={onPick}>
        <RadioOption value="golf" title="VW Golf" />
        <RadioOption value="id3" title="VW ID.3" />
      </RadioList>,
    );
    expect(screen.getByRole('group', { name: 'Vehicle' })).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'VW Golf' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'VW ID.3' }), { detail: 0 });
    expect(onChange).toHaveBeenLastCalledWith('id3');
    expect(onPick).not.toHaveBeenCalled();
    fireEvent.click(screen.getByText('VW ID.3'), { detail: 1 });
    expect(onPick).toHaveBeenCalledWith('id3');
  });

  it('SelectField shows the choice in its name, opens a sheet of options and closes on a pick', () => {
    function Picker() {
      const [value, setValue] = useState('visa');
      return <SelectField label="Payment method" value={value} onChange={setValue} options={METHODS} />;
    }
    renderWith(<Picker />);
    const trigger = screen.getByRole('button', { name: /^Payment method Visa •••• 4242/ });
    fireEvent.click(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('dialog', { name: 'Payment method' }).hasAttribute('open')).toBe(true);
    fireEvent.click(screen.getByText('Mastercard •••• 0005'), { detail: 1 });
    expect(screen.getByRole('button', { name: 'Payment method Mastercard •••• 0005' })).toBe(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
  });
});

describe('Toast', () => {
  afterEach(() => {
    act(() => toast.clear());
    vi.useRealTimers();
  });

  it('announces politely in a region that is there before the message', () => {
    const { container } = renderWith(<Toaster />);
    const region = container.querySelector('[aria-live="polite"]')!;
    expect(region).not.toBeNull();
    act(() => void toast.show({ text: 'Card added', tone: 'success' }));
    expect(region.textContent).toContain('Card added');
  });

  it('goes away by itself, waits while hovered, and has a close button', () => {
    vi.useFakeTimers();
    const { container } = renderWith(<Toaster />);
    act(() => void toast.show({ text: 'Saved', duration: 4000 }));
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.getByText('Saved')).toBeTruthy();
    fireEvent.pointerEnter(container.querySelector('.ui-toaster')!);
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByText('Saved')).toBeTruthy();
    fireEvent.pointerLeave(container.querySelector('.ui-toaster')!);
    act(() => vi.advanceTimersByTime(999));
    expect(screen.getByText('Saved')).toBeTruthy();
    act(() => vi.advanceTimersByTime(2));
    expect(screen.queryByText('Saved')).toBeNull();

    act(() => void toast.show({ text: 'Offline', tone: 'warning', duration: 0 }));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByText('Offline')).toBeNull();
  });

  it('can be called outside React and keeps at most three', () => {
    for (const text of ['one', 'two', 'three', 'four']) toast.show({ text });
    expect(toast.snapshot().map((t) => t.text)).toEqual(['two', 'three', 'four']);
  });
});
