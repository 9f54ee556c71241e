import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useRef,
  useState,
} from 'react';

import type { ConfirmOptions, ConfirmQuestion as Question } from './confirmQuestion';

export type { ConfirmOptions, ConfirmQuestion } from './confirmQuestion';

type Confirm = (options: ConfirmOptions) => Promise<boolean>;

const ConfirmContext = createContext<Confirm | undefined>(undefined);
// The dialog (and Mantine's modal machinery) is downloaded the first time something asks.
const ConfirmDialog = lazy(() => import('./ConfirmDialog'));

/** Asks the user; resolves true only when they confirm (Cancel, Esc and the backdrop all mean no). */
export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (confirm === undefined) throw new Error('useConfirm() outside <ConfirmProvider>');
  return confirm;
}

/** One confirmation at a time: a new question answers the one still open with no. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [question, setQuestion] = useState<Question | undefined>(undefined);
  const [opened, setOpened] = useState(false);
  const open = useRef<((value: boolean) => void) | undefined>(undefined);
  const confirm = useCallback<Confirm>(
    (options) =>
      new Promise<boolean>((resolve) => {
        open.current?.(false);
        let answered = false;
        const answer = (value: boolean) => {
          if (answered) return;
          answered = true;
          if (open.current === answer) {
            open.current = undefined;
            setOpened(false);
          }
          resolve(value);
        };
        open.current = answer;
        setQuestion({ ...options, answer });
        setOpened(true);
      }),
    [],
  );
  return (
    <ConfirmContext value={confirm}>
      {children}
      {question === undefined ? null : (
        <Suspense fallback={null}>
          <ConfirmDialog opened={opened} question={question} />
        </Suspense>
      )}
    </ConfirmContext>
  );
}
