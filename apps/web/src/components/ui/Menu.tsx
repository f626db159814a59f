import { Suspense, useId, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { lazyComponent } from '../../lib/lazyComponent.ts';

/**
 * The app's dropdowns, on Headless UI: `Menu` (a list of links and actions: arrow keys, Home/End, typing a letter,
 * Escape and a click outside close it, the focus goes back to its button) and `DropdownPanel` (a panel of links
 * the Tab key walks, e.g. the category menu; Escape and a click outside close it).
 *
 * Headless UI's menu and popover weigh some 30 KB gzip with their positioning code: more than a storefront page can
 * carry in its first load, and every page has the header's menus. So what pages import here is the closed button
 * alone, drawn as the open one draws it; the first sign of use (the pointer over it, the focus, a tap, a key)
 * loads MenuFrame.tsx, which takes the button's place and carries out what was asked meanwhile: open on hover, on
 * the click, or from the keyboard with the focus on the first item.
 */

const frames = () => import('./frames.ts');
const MenuFrame = lazyComponent(async () => (await frames()).MenuFrame);
const PanelFrame = lazyComponent(async () => (await frames()).PanelFrame);

/**
 * What the person did before the code was there, in rising strength (the frame does the strongest): 0 nothing yet,
 * then the focus, the mouse over it, a click or tap, a key that opens it (Enter, Space, ArrowDown) or ArrowUp.
 */
export type MenuIntent = 0 | 1 | 2 | 3 | 4 | 5;
export const FOCUS = 1;
export const HOVER = 2;
export const POINTER = 3;
export const KEYBOARD = 4;
export const KEYBOARD_LAST = 5;

export interface MenuLink {
  label: string;
  icon?: ReactNode;
  /** A link to this address, or an action. */
  href?: string;
  onSelect?: () => void;
  /** Extra classes of this entry (e.g. shown only on small screens). */
  className?: string;
  /** A line above this entry. */
  separated?: boolean;
}

interface TriggerProps {
  /** The button's content, open or not. */
  button: (open: boolean) => ReactNode;
  buttonClassName: (open: boolean) => string;
  /** The button's accessible name, open or not; its text otherwise. */
  buttonLabel?: (open: boolean) => string;
  /** The element around the button and its panel (positioning). */
  className?: string;
  panelClassName: string;
  /** Told at the first sign of use (e.g. to fetch what the panel shows). */
  onIntent?: () => void;
}

export interface MenuProps extends TriggerProps {
  items: MenuLink[];
  /** Classes of every entry (an entry adds its own). */
  itemClassName: string;
  /** Content above the entries (e.g. who is signed in). */
  header?: ReactNode;
  /** The box of the header and the entries inside the panel, and the box of the entries. */
  cardClassName?: string;
  listClassName?: string;
  /** Opens while the mouse is over it, closing 120 ms after it leaves. */
  hover?: boolean;
}

export interface DropdownPanelProps extends TriggerProps {
  /** The panel's content, drawn only while open; `close` closes it (e.g. when a link is chosen). */
  children: (close: () => void) => ReactNode;
}

/**
 * The closed button, drawn as the frame draws it, until the first sign of use has loaded the frame; then the
 * frame, told what was asked meanwhile. `panelId` names the panel the button controls (kept by the frame).
 */
function LazyDropdown<P extends TriggerProps>({
  props,
  Frame,
  hover,
  popup,
  panelId,
}: {
  props: P;
  Frame: ComponentType<P & { intent: MenuIntent; focusButton: boolean; panelId: string }> & { preload: () => Promise<unknown> };
  hover: boolean;
  popup?: 'menu';
  panelId: string;
}) {
  const [ready, setReady] = useState(false);
  const intent = useRef<MenuIntent>(0);
  const focused = useRef(false);
  const asked = useRef(false);
  const want = (next: MenuIntent) => {
    if (next > intent.current) intent.current = next;
    if (asked.current) return;
    asked.current = true;
    props.onIntent?.();
    void Frame.preload().then(() => setReady(true));
  };
  const closed = (
    <div className={props.className} onPointerEnter={(e) => want(hover && e.pointerType === 'mouse' ? HOVER : 0)}>
      <button
        type="button"
        aria-haspopup={popup}
        aria-expanded={false}
        aria-controls={panelId}
        aria-label={props.buttonLabel?.(false)}
        className={props.buttonClassName(false)}
        onFocus={() => {
          focused.current = true;
          want(FOCUS);
        }}
        onBlur={() => (focused.current = false)}
        onClick={() => want(POINTER)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === ' ' || e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            want(e.key === 'ArrowUp' ? KEYBOARD_LAST : KEYBOARD);
          }
        }}
      >
        {props.button(false)}
      </button>
      {/* The closed panel, as the frame keeps it (the button controls it). */}
      <div id={panelId} hidden className={props.panelClassName} />
    </div>
  );
  if (!ready) return closed;
  return (
    <Suspense fallback={closed}>
      <Frame {...props} intent={intent.current} focusButton={focused.current} panelId={panelId} />
    </Suspense>
  );
}

/** A dropdown menu of links and actions (the account menu, the back office's user menu). */
export function Menu(props: MenuProps) {
  return <LazyDropdown props={props} Frame={MenuFrame} hover={!!props.hover} popup="menu" panelId={useId()} />;
}

/** A button and a panel of links under it (the category menu). */
export function DropdownPanel(props: DropdownPanelProps) {
  return <LazyDropdown props={props} Frame={PanelFrame} hover={false} panelId={useId()} />;
}
