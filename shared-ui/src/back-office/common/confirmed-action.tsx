/**
 * Ask, act, tell: the back office's one sequence for a destructive action on a row (delete a user, remove an
 * institute's access, ...): a confirm dialog with the spec's question, the call, then a success or an error toast.
 */
import { useState, type ReactElement, type ReactNode } from 'react';
import { ConfirmDialog, notify } from 'shared-ui';

export interface ConfirmedAction<T> {
  /** the spec's question, e.g. 'Are you sure you want to delete this user?' */
  message: string;
  /** the call; throws on failure (an RTK Query mutation's `.unwrap()`) */
  act: (item: T) => Promise<unknown>;
  /** the success toast's title (none when the spec names none) */
  success?: string;
  /** the error toast's title and description, from the error */
  failure: (error: unknown) => [title: string, description?: string];
  /** what the dialog shows of the row under the question (e.g. the exam's title) */
  details?: (item: T) => ReactNode;
}

/** `ask(row)` opens the dialog for that row; render `dialog` once. The dialog closes after the call, either way. */
export function useConfirmedAction<T>({ message, act, success, failure, details }: ConfirmedAction<T>): { ask: (item: T) => void; dialog: ReactElement } {
  const [item, setItem] = useState<T | null>(null);
  const dialog = (
    <ConfirmDialog
      open={item !== null}
      destructive
      message={message}
      onClose={() => setItem(null)}
      onConfirm={async () => {
        if (item === null) return;
        try {
          await act(item);
          if (success) notify.success(success);
        } catch (e) {
          notify.error(...failure(e));
        } finally {
          setItem(null);
        }
      }}
    >
      {item !== null && details?.(item)}
    </ConfirmDialog>
  );
  return { ask: setItem, dialog };
}
