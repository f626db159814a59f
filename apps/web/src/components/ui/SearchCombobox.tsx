import { forwardRef, useLayoutEffect, useRef, type ComponentPropsWithoutRef, type KeyboardEvent, type ReactNode } from 'react';
import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions } from '@headlessui/react';
import { takeCaret, type HeldCaret } from '../../lib/focusHandOff.ts';

/** A choice of the list: the caller's own data, named by a unique id (the option's element id). */
export interface SearchChoice {
  id: string;
}

/**
 * Enter on this means "search for what was typed". It is the list's first option, never shown: Headless UI makes
 * the first option active when the list opens, and a search box must not open a suggestion that the shopper did
 * not pick (Enter searches; the first ArrowDown highlights the first suggestion).
 */
const TYPED = { id: '' } satisfies SearchChoice;

type InputProps = Omit<ComponentPropsWithoutRef<'input'>, 'id' | 'value' | 'onChange' | 'defaultValue' | 'role'>;

export interface SearchComboboxProps<T extends SearchChoice> {
  /** The input's id; the list's ids start with it. */
  id: string;
  /** The input's own attributes (name, label, placeholder, look…). */
  inputProps: InputProps;
  value: string;
  onValueChange: (value: string) => void;
  /** Whether the caller has something to show (enough typed, asked for): the list shows when it is open too. */
  shown: boolean;
  onChoose: (option: T) => void;
  /** Enter with no option highlighted. */
  onSearch: () => void;
  /** The arrows or a tap asked for the list. */
  onAsk?: () => void;
  /**
   * The focus and caret to take over from the box drawn before this code was loaded: read as this one mounts
   * (the other box files them as it leaves the page, in the same commit), and emptied: taken over once.
   */
  takeOver?: HeldCaret;
  /** The list's accessible name and its look, and what is drawn in it (SearchOption rows, in the order the arrows walk them). */
  listLabel: string;
  listClassName: string;
  children: ReactNode;
  /** Drawn under the list, inside its box (e.g. "no suggestion"). */
  footer?: ReactNode;
}

/**
 * The header's search box (ARIA combobox through Headless UI, manual selection): typing opens the list of
 * suggestions, the arrows highlight one (aria-activedescendant), Enter opens the highlighted one or, with none
 * highlighted, searches; Escape closes the list only; Tab leaves without choosing.
 */
export function SearchCombobox<T extends SearchChoice>({
  id,
  inputProps,
  value,
  onValueChange,
  shown,
  onChoose,
  onSearch,
  onAsk,
  takeOver,
  listLabel,
  listClassName,
  children,
  footer,
}: SearchComboboxProps<T>) {
  const inputRef = useRef<HTMLInputElement>(null);
  const typedId = `${id}-typed`;
  // Headless UI picks the active option on Tab; leaving the box must not open a book or search.
  const tabbed = useRef(false);

  // Take the focus and caret of the box this one replaces (the shopper may be typing in it).
  useLayoutEffect(() => {
    if (inputRef.current) takeCaret(inputRef.current, takeOver);
    // Only at mount: later renders must not move the caret.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const pick = (choice: T | typeof TYPED | null) => {
    if (choice === null || tabbed.current) return;
    if (choice === TYPED) onSearch();
    else onChoose(choice as T);
  };

  return (
    <Combobox<T | typeof TYPED | null> value={null} onChange={pick} immediate>
      {({ open, activeIndex }) => {
        const visible = open && shown;
        const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
          tabbed.current = e.key === 'Tab';
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') onAsk?.();
          // The pointer left the list: nothing is highlighted, and Enter searches (Headless UI would only close it).
          if (e.key === 'Enter' && open && activeIndex === null && !e.nativeEvent.isComposing) onSearch();
        };
        return (
          <>
            <ComboboxInput
              as={SearchInput}
              ref={inputRef}
              id={id}
              typedId={typedId}
              {...inputProps}
              value={value}
              // Headless UI writes the chosen option's text into the box when the list closes: keep what was typed.
              displayValue={() => value}
              shown={visible}
              onChange={(e) => onValueChange(e.target.value)}
              onKeyDown={onKeyDown}
              onPointerDown={onAsk}
            />
            <div hidden={!visible} className={listClassName}>
              {/* Not modal: the page stays usable while the list is open (the search button, the header's links). */}
              <ComboboxOptions as="ul" aria-label={listLabel} modal={false}>
                <ComboboxOption as="li" value={TYPED} hidden id={typedId} />
                {children}
              </ComboboxOptions>
              {footer}
            </div>
          </>
        );
      }}
    </Combobox>
  );
}

/**
 * The input of the combobox. Headless UI says the list is expanded while it is open and points at its active
 * option; here the list shows only when there is something in it, and the hidden "search" option is not named.
 */
const SearchInput = forwardRef<HTMLInputElement, ComponentPropsWithoutRef<'input'> & { shown: boolean; typedId: string }>(function SearchInput(
  { shown, typedId, ...props },
  ref,
) {
  const active = props['aria-activedescendant'];
  return <input ref={ref} {...props} aria-expanded={shown} aria-activedescendant={shown && active !== typedId ? active : undefined} />;
});

/** An option of the search box's list; the highlighted one is the selected one (the ARIA listbox popup rule). */
export function SearchOption<T extends SearchChoice>({ option, className, children }: { option: T; className: (active: boolean) => string; children: ReactNode }) {
  return (
    <ComboboxOption as={OptionItem} value={option} id={option.id} className={({ focus }) => className(focus)}>
      {children}
    </ComboboxOption>
  );
}

const OptionItem = forwardRef<HTMLLIElement, ComponentPropsWithoutRef<'li'> & { 'data-focus'?: string }>(function OptionItem(props, ref) {
  return <li ref={ref} {...props} aria-selected={props['data-focus'] !== undefined} />;
});
