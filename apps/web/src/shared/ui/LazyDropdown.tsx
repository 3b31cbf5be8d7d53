import type { DropdownProps } from 'antd';
import { type ReactElement, useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';

type DropdownComponent = typeof import('antd').Dropdown;
let loaded: DropdownComponent | undefined;
let loading: Promise<void> | undefined;
const load = () =>
  (loading ??= import('./dropdownPart').then((m) => {
    loaded = m.Dropdown;
  }));

const contents = { display: 'contents' } as const;

/**
 * antd's Dropdown, its code (the menu with its motion and keys, ~18 KiB gzipped) loaded when the
 * pointer first comes over the trigger or the trigger gets focus, not with the first page: the
 * language and base-map switches stand on the first screen, and their menus open rarely (issue 29).
 * A click before the code arrives opens the menu as soon as it has; the trigger is drawn anew then
 * (inside the Dropdown), and keeps the keyboard focus if it had it.
 */
export function LazyDropdown({
  children,
  onOpenChange,
  ...props
}: Omit<DropdownProps, 'open' | 'children'> & { children: ReactElement }) {
  const [Dropdown, setDropdown] = useState(() => loaded);
  const [open, setOpen] = useState(false);
  const holder = useRef<HTMLSpanElement>(null);
  const openOnLoad = useRef(false);
  const focusOnLoad = useRef(false);
  // The trigger is replaced when the code arrives: never in the middle of a press (its release
  // would land on another element and the click be lost), but with the press's click — a
  // pointer's, Enter's or Space's (a press that ends without one waits for the next).
  const pressing = useRef(false);

  const swap = () => {
    const component = loaded;
    if (!component || pressing.current) return;
    focusOnLoad.current = holder.current?.contains(document.activeElement) ?? false;
    // Drawn now, not at React's next turn: a render left for later could land in the middle of
    // the press that follows (a CI failure: the base-map menu never opened).
    flushSync(() => {
      setDropdown(() => component);
      if (openOnLoad.current) setOpen(true);
    });
  };
  const want = () => void load().then(swap);
  const pressed = () => {
    pressing.current = true;
    want();
  };
  const released = (andOpen: boolean) => {
    pressing.current = false;
    if (andOpen && !props.disabled) openOnLoad.current = true;
    swap();
  };

  useLayoutEffect(() => {
    if (!Dropdown || !focusOnLoad.current) return;
    focusOnLoad.current = false;
    holder.current?.querySelector<HTMLElement>('button, [tabindex]')?.focus();
  }, [Dropdown]);

  if (!Dropdown) {
    return (
      // Listens only: the trigger inside is the control (its Enter and Space are clicks that bubble here).
      // biome-ignore lint/a11y/noStaticElementInteractions: a pass-through listener, not a control
      <span
        ref={holder}
        style={contents}
        onPointerOver={want}
        onFocus={want}
        onPointerDown={pressed}
        onKeyDown={(e) => {
          if (e.key === ' ' || e.key === 'Enter') pressed();
        }}
        onPointerCancel={() => released(false)}
        onClick={() => released(true)}
      >
        {children}
      </span>
    );
  }
  return (
    // A press that straddled the swap anyway (down on the old trigger, up on the new one) clicks
    // their common parent, this span, and not the trigger: it opens the menu all the same.
    // biome-ignore lint/a11y/noStaticElementInteractions: a pass-through listener, not a control
    // biome-ignore lint/a11y/useKeyWithClickEvents: keys reach the trigger, never this span
    <span
      ref={holder}
      style={contents}
      onClick={(e) => {
        if (e.target === e.currentTarget && !props.disabled) setOpen(true);
      }}
    >
      <Dropdown
        {...props}
        open={open}
        onOpenChange={(next, info) => {
          setOpen(next);
          onOpenChange?.(next, info);
        }}
      >
        {children}
      </Dropdown>
    </span>
  );
}
