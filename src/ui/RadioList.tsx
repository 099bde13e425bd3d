import {
  type ChangeEvent,
  createContext,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  useContext,
  useId,
} from 'react';
import { cx } from './cx';
import { CheckIcon } from './icons';

type Context = {
  name: string;
  value: string | null;
  onChange: (value: string) => void;
  onPick?: (value: string) => void;
};
const RadioContext = createContext<Context | null>(null);

type ListProps = {
  /** The question the options answer; a visible legend unless hideLabel. */
  label: ReactNode;
  hideLabel?: boolean;
  value: string | null;
  onChange: (value: string) => void;
  /**
   * Called when an option is clearly picked (a tap or click, or Enter), not when arrow keys walk through the
   * options: a picker sheet closes on it without closing under a keyboard user's feet.
   */
  onPick?: (value: string) => void;
  name?: string;
  children: ReactNode;
  className?: string;
};

/** Choose one of a few: real radio inputs in a fieldset, drawn as 56 px rows with a check on the chosen one. */
export function RadioList({ label, hideLabel, value, onChange, onPick, name, children, className }: ListProps) {
  const autoName = useId();
  return (
    <fieldset className={cx('ui-radio-list', className)}>
      <legend className={hideLabel ? 'visually-hidden' : 'ui-radio-legend'}>{label}</legend>
      <RadioContext.Provider value={{ name: name ?? autoName, value, onChange, onPick }}>
        <div className="ui-radio-options">{children}</div>
      </RadioContext.Provider>
    </fieldset>
  );
}

type OptionProps = {
  value: string;
  title: ReactNode;
  subtitle?: ReactNode;
  leading?: ReactNode;
  trailing?: ReactNode;
  disabled?: boolean;
};

export function RadioOption({ value, title, subtitle, leading, trailing, disabled }: OptionProps) {
  const context = useContext(RadioContext);
  const id = useId();
  if (!context) throw new Error('RadioOption belongs in a RadioList');
  const checked = context.value === value;
  return (
    <label
      className={cx('ui-radio-option', checked && 'is-checked', disabled && 'is-disabled')}
      htmlFor={id}
      // detail > 0: a real press. Arrow keys and Space, and the click a label forwards to its input, have detail 0.
      onClick={(e: MouseEvent<HTMLLabelElement>) => {
        if (e.detail === 0 || disabled) return;
        context.onChange(value);
        context.onPick?.(value);
      }}
    >
      <input
        id={id}
        type="radio"
        className="ui-radio-input"
        name={context.name}
        value={value}
        checked={checked}
        disabled={disabled}
        onChange={(e: ChangeEvent<HTMLInputElement>) => context.onChange(e.target.value)}
        onKeyDown={(e: KeyboardEvent<HTMLInputElement>) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            context.onChange(value);
            context.onPick?.(value);
          }
        }}
      />
      {leading ? (
        <span className="ui-radio-leading" aria-hidden="true">
          {leading}
        </span>
      ) : null}
      <span className="ui-radio-text">
        <span className="ui-radio-title">{title}</span>
        {subtitle ? <span className="ui-radio-subtitle">{subtitle}</span> : null}
      </span>
      {trailing ? <span className="ui-radio-trailing">{trailing}</span> : null}
      <span className="ui-radio-mark" aria-hidden="true">
        <CheckIcon size={16} strokeWidth={3} />
      </span>
    </label>
  );
}
