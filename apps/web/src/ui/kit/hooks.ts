// The hooks the console took from @mantine/hooks (issue 21), with the signatures its screens rely on:
// useDisclosure (dialogs' open state), useDebouncedValue (filters), useViewportSize (the history table's
// height) and useElementSize (the chart's width).
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';

export interface DisclosureCallbacks {
  onOpen?: (() => void) | undefined;
  onClose?: (() => void) | undefined;
}

export interface DisclosureHandlers {
  open: () => void;
  close: () => void;
  toggle: () => void;
  set: (value: boolean) => void;
}

/**
 * An open/closed state and stable handlers to change it. `onOpen` / `onClose` run when the state actually
 * changes (opening an open disclosure calls nothing), with the callbacks of the latest render.
 */
export function useDisclosure(
  initial = false,
  callbacks?: DisclosureCallbacks,
): [boolean, DisclosureHandlers] {
  const [opened, setOpened] = useState(initial);
  // The state as the handlers last left it: two calls in one tick see each other's change.
  const current = useRef(initial);
  const latest = useRef(callbacks);
  useLayoutEffect(() => {
    latest.current = callbacks;
  });
  const set = useCallback((value: boolean) => {
    if (current.current === value) return;
    current.current = value;
    setOpened(value);
    if (value) latest.current?.onOpen?.();
    else latest.current?.onClose?.();
  }, []);
  const handlers = useMemo<DisclosureHandlers>(
    () => ({
      open: () => set(true),
      close: () => set(false),
      toggle: () => set(!current.current),
      set,
    }),
    [set],
  );
  return [opened, handlers];
}

/**
 * The value once it has stayed the same for `wait` ms (the first render returns it as is), and a function
 * that cancels the pending change.
 */
export function useDebouncedValue<T>(value: T, wait: number): [T, () => void] {
  const [debounced, setDebounced] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const cancel = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
  }, []);
  useEffect(() => {
    timer.current = setTimeout(() => {
      timer.current = undefined;
      setDebounced(() => value);
    }, wait);
    return cancel;
  }, [value, wait, cancel]);
  return [debounced, cancel];
}

export interface Size {
  width: number;
  height: number;
}

const NO_SIZE: Size = { width: 0, height: 0 };
let viewport: Size = NO_SIZE;

/** The window's inner size, the same object while it does not change (a store snapshot must be stable). */
function viewportSnapshot(): Size {
  const { innerWidth: width, innerHeight: height } = window;
  if (viewport.width !== width || viewport.height !== height) viewport = { width, height };
  return viewport;
}

function subscribeViewport(onChange: () => void): () => void {
  window.addEventListener('resize', onChange, { passive: true });
  window.addEventListener('orientationchange', onChange);
  return () => {
    window.removeEventListener('resize', onChange);
    window.removeEventListener('orientationchange', onChange);
  };
}

/** The window's inner width and height in px, following resizes (0 × 0 when rendered without a window). */
export function useViewportSize(): Size {
  return useSyncExternalStore(subscribeViewport, viewportSnapshot, () => NO_SIZE);
}

/** A size from a ResizeObserver entry: the content box, as Mantine's hook measured it. */
export function entrySize(entry: Pick<ResizeObserverEntry, 'contentRect'>): Size {
  return { width: entry.contentRect.width, height: entry.contentRect.height };
}

/**
 * The content-box size of the element given `ref` (a callback ref: put it on the element), followed with a
 * ResizeObserver; 0 × 0 until it is measured.
 */
export function useElementSize<T extends HTMLElement = HTMLElement>(): Size & {
  ref: (element: T | null) => void;
} {
  const [size, setSize] = useState<Size>(NO_SIZE);
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback((element: T | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (element === null || typeof ResizeObserver === 'undefined') return;
    observer.current = new ResizeObserver((entries) => {
      const entry = entries[entries.length - 1];
      if (entry === undefined) return;
      const next = entrySize(entry);
      setSize((prev) => (prev.width === next.width && prev.height === next.height ? prev : next));
    });
    observer.current.observe(element);
  }, []);
  useEffect(
    () => () => {
      observer.current?.disconnect();
      observer.current = null;
    },
    [],
  );
  return { ref, width: size.width, height: size.height };
}
