/**
 * One toaster for the whole product: bottom right, 5 seconds (spec section 8).
 *
 * The toast machinery (zag's toast store and its region) lives in the lazily loaded half of the UI kit
 * (./overlays/toast.tsx): a page that raises no toast never fetches it. The first `notify` mounts the region and
 * raises the toast once the region listens. If that module cannot be fetched (offline before it was ever needed),
 * the message is still shown, in a plain status box, so an error is never silent.
 */
import { Box, Stack, Text } from '@chakra-ui/react';
import { Suspense, useCallback, useEffect, useSyncExternalStore } from 'react';
import { TOAST_DURATION_MS, i18n, onFormProblem } from 'shared-api';
import { loadOverlay, overlayNow, useOverlay } from './overlays';
import { useLanguage } from './i18n';

type Kind = 'error' | 'success' | 'info';
interface Note { type: Kind; title: string; description?: string; id?: string }

// ------------------------------------------------------------------------------------------------------------
// state shared with the <Toaster /> mounted once by UiProvider

let wanted = false;
let fallback: (Note & { key: number })[] = [];
let nextKey = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

let markListening: () => void = () => {};
let listening = new Promise<void>((resolve) => {
  markListening = resolve;
});

function raise(note: Note) {
  overlayNow('Toast')?.toaster.create({ ...(note.id ? { id: note.id } : {}), type: note.type, title: note.title, description: note.description, closable: true });
}

/**
 * Raises a toast. Creation waits one tick: a toast raised during the first render (a guard's redirect, an expired
 * session) would otherwise reach the toaster before it is listening and be lost. `id` keeps one toast per cause.
 */
function show(type: Kind, title: string, description?: string, id?: string) {
  const note: Note = { type, title, description, id };
  loadOverlay('Toast').then(
    () => {
      if (!wanted) {
        wanted = true;
        emit();
      }
      return listening.then(() => setTimeout(() => raise(note), 0));
    },
    () => {
      if (id && fallback.some((n) => n.id === id)) return;
      const key = nextKey++;
      fallback = [...fallback, { ...note, key }];
      emit();
      setTimeout(() => {
        fallback = fallback.filter((n) => n.key !== key);
        emit();
      }, TOAST_DURATION_MS);
    },
  );
}

export const notify = {
  error: (title: string, description?: string, id?: string) => show('error', title, description, id),
  success: (title: string, description?: string, id?: string) => show('success', title, description, id),
  info: (title: string, description?: string, id?: string) => show('info', title, description, id),
};

onFormProblem((message) => notify.error(message));

function ToastRegion() {
  const heavy = useOverlay('Toast');
  const onMounted = useCallback(() => markListening(), []);
  return heavy ? <heavy.ToasterHost onMounted={onMounted} /> : null;
}

/** Toasts shown without the toast module (it could not be fetched): same place, same text, same duration. */
function FallbackToasts({ notes }: { notes: (Note & { key: number })[] }) {
  useLanguage();
  return (
    <Stack position="fixed" bottom="4" insetEnd="4" gap="2" zIndex="toast" maxW="sm" role="region" aria-label={i18n._('Notifications')}>
      {notes.map((n) => (
        <Box key={n.key} role="status" data-testid="toast" bg={n.type === 'error' ? 'red.solid' : n.type === 'success' ? 'green.solid' : 'blue.solid'}
          color="white" px="4" py="3" borderRadius="l2" boxShadow="lg">
          <Text fontWeight="medium">{n.title}</Text>
          {n.description && <Text fontSize="sm">{n.description}</Text>}
        </Box>
      ))}
    </Stack>
  );
}

export function Toaster() {
  const want = useSyncExternalStore(subscribe, () => wanted, () => false);
  const notes = useSyncExternalStore(subscribe, () => fallback, () => fallback);
  // After an unmount (tests render one provider after another) toasts wait for the next region to listen.
  useEffect(() => () => {
    listening = new Promise<void>((resolve) => {
      markListening = resolve;
    });
  }, []);
  return (
    <>
      {want && (
        <Suspense fallback={null}>
          <ToastRegion />
        </Suspense>
      )}
      {notes.length > 0 && <FallbackToasts notes={notes} />}
    </>
  );
}
