/**
 * Every lazy stand-in of ./index.tsx renders, once its module is here, with its recipe inside the product's system
 * (../system.ts holds only the first render's recipes; the lazy ones bring theirs): its element carries the class
 * Chakra's own recipe for it names (`chakra-<name>`, its root slot `chakra-<name>__root`). A stand-in whose recipe is
 * neither passed nor in the system renders without it, and this fails. How to add one: docs/architecture.md.
 */
import { render, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { UiProvider } from '../provider';
import * as overlays from './index';

const kebab = (name: string) => name.replace(/[a-z][A-Z]/g, (m) => `${m[0]}-${m[1]}`).toLowerCase();

/** Each exported stand-in as it is used, and the element that must carry its recipe's class. */
const CASES: Record<string, { ui: ReactNode; recipe: string; selector?: string }> = {
  Dialog: { ui: <overlays.Dialog.Root open><overlays.Dialog.Positioner><overlays.Dialog.Content>x</overlays.Dialog.Content></overlays.Dialog.Positioner></overlays.Dialog.Root>, recipe: 'chakra-dialog__content' },
  Menu: { ui: <overlays.Menu.Root open><overlays.Menu.Trigger>m</overlays.Menu.Trigger><overlays.Menu.Positioner><overlays.Menu.Content><overlays.Menu.Item value="a">a</overlays.Menu.Item></overlays.Menu.Content></overlays.Menu.Positioner></overlays.Menu.Root>, recipe: 'chakra-menu__content' },
  Tabs: { ui: <overlays.Tabs.Root defaultValue="a"><overlays.Tabs.List><overlays.Tabs.Trigger value="a">a</overlays.Tabs.Trigger></overlays.Tabs.List></overlays.Tabs.Root>, recipe: 'chakra-tabs__root' },
  Progress: { ui: <overlays.Progress.Root value={50}><overlays.Progress.Track><overlays.Progress.Range /></overlays.Progress.Track></overlays.Progress.Root>, recipe: 'chakra-progress__root' },
  Switch: { ui: <overlays.Switch.Root><overlays.Switch.HiddenInput /><overlays.Switch.Control /></overlays.Switch.Root>, recipe: 'chakra-switch__root' },
  Table: { ui: <overlays.Table.Root><overlays.Table.Body><overlays.Table.Row><overlays.Table.Cell>c</overlays.Table.Cell></overlays.Table.Row></overlays.Table.Body></overlays.Table.Root>, recipe: 'chakra-table__root' },
  NativeSelect: { ui: <overlays.NativeSelect.Root><overlays.NativeSelect.Field><option>o</option></overlays.NativeSelect.Field></overlays.NativeSelect.Root>, recipe: 'chakra-native-select__root' },
  Card: { ui: <overlays.Card.Root><overlays.Card.Body>b</overlays.Card.Body></overlays.Card.Root>, recipe: 'chakra-card__root' },
  List: { ui: <overlays.List.Root><overlays.List.Item>i</overlays.List.Item></overlays.List.Root>, recipe: 'chakra-list__root' },
  Textarea: { ui: <overlays.Textarea aria-label="t" />, recipe: 'chakra-textarea' },
  Separator: { ui: <overlays.Separator />, recipe: 'chakra-separator' },
  // a group has no recipe of its own: its buttons take theirs (the system's button recipe) from it
  ButtonGroup: { ui: <overlays.ButtonGroup><button type="button">b</button></overlays.ButtonGroup>, recipe: 'chakra-group' },
};

/** The exported stand-ins: Chakra's components fetched on first use (not the loaders nor the kit's ConfirmDialog). */
const standIns = Object.keys(overlays).filter((k) => /^[A-Z]/.test(k) && k !== 'ConfirmDialog');


// fetched ahead (as preloadOverlays does on the product's pages): the renders below find them here
beforeAll(() => overlays.preloadOverlays('Dialog', 'Menu', 'Tabs', 'Progress', 'Switch', 'Table', 'NativeSelect', 'Card', 'List', 'Extras'));

test('every exported stand-in has a case here', () => {
  expect(standIns.sort()).toEqual(Object.keys(CASES).sort());
});

test.each(Object.entries(CASES))('%s renders with its recipe', async (name, { ui, recipe }) => {
  const { baseElement } = render(<UiProvider>{ui}</UiProvider>);
  await waitFor(() => expect(baseElement.querySelector(`.${recipe}`)).not.toBeNull(), { timeout: 3000, onTimeout: (e) => new Error(`${e.message}\n${baseElement.innerHTML.slice(0, 600)}`) });
  const el = baseElement.querySelector(`.${recipe}`)!;
  expect(recipe.startsWith(`chakra-${kebab(name)}`) || name === 'ButtonGroup').toBe(true);
  // the recipe's styles, not only its class name: an emotion class beside it
  expect(Array.from(el.classList).some((c) => c.startsWith('css-'))).toBe(true);
});
