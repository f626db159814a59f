import { Fragment, useEffect, useLayoutEffect, useRef, useState, type PointerEvent, type ReactNode, type RefObject } from 'react';
import { Link } from 'react-router';
import { Menu as HeadlessMenu, MenuButton, MenuItem, MenuItems, Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { HOVER, KEYBOARD, KEYBOARD_LAST, POINTER, type DropdownPanelProps, type MenuIntent, type MenuProps } from './Menu.tsx';

/** The dropdown closes 120 ms after the pointer leaves it. */
export const HOVER_CLOSE_DELAY_MS = 120;

interface FrameProps {
  /** What the person asked for while this code loaded. */
  intent: MenuIntent;
  /** The closed button had the focus: this one takes it. */
  focusButton: boolean;
  /** The id the closed button's panel had, kept so that its aria-controls stays true. */
  panelId: string;
}

/** Carries out, once, what was asked of the closed button before this code was there. */
function useReplay(button: RefObject<HTMLButtonElement | null>, { intent, focusButton }: FrameProps, keyboardOpensFirstItem: boolean) {
  useLayoutEffect(() => {
    if (focusButton || intent >= KEYBOARD) button.current?.focus({ preventScroll: true });
    // Run once, for the intent the frame was made with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    const el = button.current;
    if (!el) return;
    if (intent === POINTER || (intent >= KEYBOARD && !keyboardOpensFirstItem)) el.click();
    else if (intent >= KEYBOARD) {
      // The same key again, now that the menu listens: it opens with the first (or last) item active.
      el.dispatchEvent(new KeyboardEvent('keydown', { key: intent === KEYBOARD_LAST ? 'ArrowUp' : 'Enter', bubbles: true, cancelable: true }));
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

export function MenuFrame(props: MenuProps & FrameProps) {
  const { button, buttonClassName, buttonLabel, className, onIntent, hover = false, intent } = props;
  const buttonRef = useRef<HTMLButtonElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  // Opened by the mouse over it; Headless UI's own state is the menu opened by a click or a key.
  const [hovered, setHovered] = useState(false);
  const closeTimer = useRef<number | undefined>(undefined);
  const closeMenu = useRef<() => void>(() => undefined);
  useReplay(buttonRef, props, true);
  useLayoutEffect(() => {
    if (intent !== HOVER) return;
    setHovered(true);
    // The pointer that loaded this code may have left already (the browser tells :hover of the new elements only
    // after its next look at the pointer): its next move outside closes the menu.
    const check = (e: globalThis.PointerEvent) => {
      if (e.pointerType === 'mouse' && !rootRef.current?.contains(e.target as Node)) setHovered(false);
    };
    document.addEventListener('pointermove', check, { once: true });
    return () => document.removeEventListener('pointermove', check);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  return (
    <HeadlessMenu
      as="div"
      ref={rootRef}
      className={className}
      onPointerEnter={(e: PointerEvent) => {
        if (!hover || e.pointerType !== 'mouse') return;
        window.clearTimeout(closeTimer.current);
        setHovered(true);
      }}
      onPointerLeave={(e: PointerEvent) => {
        if (!hover || e.pointerType !== 'mouse') return;
        window.clearTimeout(closeTimer.current);
        closeTimer.current = window.setTimeout(() => {
          setHovered(false);
          closeMenu.current();
        }, HOVER_CLOSE_DELAY_MS);
      }}
    >
      {({ open, close }) => {
        closeMenu.current = close;
        return (
          <MenuBody
            {...props}
            open={open}
            shown={open || hovered}
            onClosed={() => setHovered(false)}
            // Opened by a click or a key after the pointer left: the pending hover close must not shut it.
            onOpened={() => window.clearTimeout(closeTimer.current)}
            buttonRef={buttonRef}
            onButtonEnter={onIntent}
            buttonProps={{ className: buttonClassName(open || hovered), 'aria-label': buttonLabel?.(open || hovered), children: button(open || hovered) }}
          />
        );
      }}
    </HeadlessMenu>
  );
}

function MenuBody({
  open,
  shown,
  onClosed,
  onOpened,
  buttonRef,
  buttonProps,
  onButtonEnter,
  items,
  itemClassName,
  header,
  cardClassName,
  listClassName,
  panelClassName,
  hover = false,
  panelId,
}: MenuProps &
  FrameProps & {
    open: boolean;
    shown: boolean;
    onClosed: () => void;
    onOpened: () => void;
    buttonRef: RefObject<HTMLButtonElement | null>;
    buttonProps: { className: string; 'aria-label'?: string; children: ReactNode };
    onButtonEnter?: () => void;
  }) {
  // Closed by Headless UI (a click on the button again, outside, Escape, a choice): the hover's opening ends too.
  const wasOpen = useRef(open);
  useEffect(() => {
    if (wasOpen.current && !open) onClosed();
    if (!wasOpen.current && open) onOpened();
    wasOpen.current = open;
  }, [open, onClosed, onOpened]);

  const entries = items.map((item) => {
    const cls = `${itemClassName} ${item.className ?? ''}`;
    const content = (
      <>
        {item.icon}
        {item.label}
      </>
    );
    return (
      <Fragment key={item.href ?? item.label}>
        {item.separated && <div role="separator" className="my-1 border-t border-gray-100" />}
        {item.href ? (
          <MenuItem as={Link} to={item.href} onClick={onClosed} className={cls}>
            {content}
          </MenuItem>
        ) : (
          <MenuItem
            as="button"
            type="button"
            onClick={() => {
              onClosed();
              item.onSelect?.();
            }}
            className={cls}
          >
            {content}
          </MenuItem>
        )}
      </Fragment>
    );
  });

  return (
    <>
      <MenuButton ref={buttonRef} onMouseEnter={onButtonEnter} {...buttonProps} />
      {/* The page behind stays as it is (no scroll lock): the menu may be open under a resting mouse. */}
      <MenuItems id={panelId} static={hover} hidden={!shown} modal={false} className={`${panelClassName} outline-none`}>
        <div className={cardClassName}>
          {header}
          <div className={listClassName}>{entries}</div>
        </div>
      </MenuItems>
    </>
  );
}

export function PanelFrame(props: DropdownPanelProps & FrameProps) {
  const { button, buttonClassName, buttonLabel, className, panelClassName, onIntent, children, panelId } = props;
  const buttonRef = useRef<HTMLButtonElement>(null);
  useReplay(buttonRef, props, false);
  return (
    <Popover className={className}>
      {({ open, close }) => (
        <>
          <PopoverButton ref={buttonRef} aria-label={buttonLabel?.(open)} className={buttonClassName(open)} onMouseEnter={onIntent}>
            {button(open)}
          </PopoverButton>
          {/* Kept in the page while closed (hidden), so that the button always names the panel it controls. */}
          <PopoverPanel id={panelId} unmount={false} className={panelClassName}>
            {open && children(close)}
          </PopoverPanel>
        </>
      )}
    </Popover>
  );
}
