import { Suspense, useId, useRef, useState, type ReactNode } from 'react';
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

const frames = () => import('./MenuFrame.tsx');
const MenuFrame = lazyComponent(async () => (await frames()).MenuFrame);
const PanelFrame = lazyComponent(async () => (await frames()).PanelFrame);

/** What the person did before the code was there, in rising strength: the frame does the strongest. */
export type MenuIntent = 'none' | 'focus' | 'hover' | 'pointer' | 'keyboard' | 'keyboard-last';
const RANK: Record<MenuIntent, number> = { none: 0, focus: 1, hover: 2, pointer: 3, keyboard: 4, 'keyboard-last': 4 };

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

/** The intent of the person, recorded until the frame's code is there; then the frame is drawn. */
function useLoadOnIntent(preload: () => Promise<unknown>, onIntent?: () => void) {
  const [ready, setReady] = useState(false);
  const intent = useRef<MenuIntent>('none');
  const focused = useRef(false);
  const asked = useRef(false);
  const want = (next: MenuIntent) => {
    if (RANK[next] > RANK[intent.current]) intent.current = next;
    if (asked.current) return;
    asked.current = true;
    onIntent?.();
    void preload().then(() => setReady(true));
  };
  return { ready, intent, focused, want };
}

/** The closed button, the same as the frame's: it only listens for the first sign of use. */
function ClosedTrigger({
  props,
  want,
  focused,
  hover,
  panelId,
}: {
  props: TriggerProps;
  want: (i: MenuIntent) => void;
  focused: { current: boolean };
  hover: boolean;
  panelId?: string;
}) {
  return (
    <div
      className={props.className}
      onPointerEnter={(e) => want(hover && e.pointerType === 'mouse' ? 'hover' : 'none')}
      onTouchStart={() => want('none')}
    >
      <button
        type="button"
        aria-haspopup={panelId ? undefined : 'menu'}
        aria-expanded={false}
        aria-controls={panelId}
        aria-label={props.buttonLabel?.(false)}
        className={props.buttonClassName(false)}
        onFocus={() => {
          focused.current = true;
          want('focus');
        }}
        onBlur={() => (focused.current = false)}
        onClick={() => want('pointer')}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === ' ' || e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            want(e.key === 'ArrowUp' ? 'keyboard-last' : 'keyboard');
          }
        }}
      >
        {props.button(false)}
      </button>
      {/* The closed panel, as the frame keeps it (the button controls it). */}
      {panelId && <div id={panelId} hidden className={props.panelClassName} />}
    </div>
  );
}

/** A dropdown menu of links and actions (the account menu, the back office's user menu). */
export function Menu(props: MenuProps) {
  const { ready, intent, focused, want } = useLoadOnIntent(MenuFrame.preload, props.onIntent);
  const panelId = useId();
  const closed = <ClosedTrigger props={props} want={want} focused={focused} hover={!!props.hover} />;
  if (!ready) return closed;
  return (
    <Suspense fallback={closed}>
      <MenuFrame {...props} intent={intent.current} focusButton={focused.current} panelId={panelId} />
    </Suspense>
  );
}

/** A button and a panel of links under it (the category menu). */
export function DropdownPanel(props: DropdownPanelProps) {
  const { ready, intent, focused, want } = useLoadOnIntent(PanelFrame.preload, props.onIntent);
  // The frame's panel takes this one's place with Headless UI's own id.
  const panelId = useId();
  const closed = <ClosedTrigger props={props} want={want} focused={focused} hover={false} panelId={panelId} />;
  if (!ready) return closed;
  return (
    <Suspense fallback={closed}>
      <PanelFrame {...props} intent={intent.current} focusButton={focused.current} panelId={panelId} />
    </Suspense>
  );
}
