import { useState, type ReactNode } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { sessionFor } from '@/testing/fakes';
import { renderApp } from '@/testing/render';
import { ConfirmDialog } from './confirm-dialog';
import { DeleteDialog } from './delete-dialog';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
} from './ui/alert-dialog';
import { Button } from './ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from './ui/dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from './ui/dropdown-menu';
import { Input } from './ui/input';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from './ui/sheet';

type Overlay = (open: boolean, onOpenChange: (open: boolean) => void) => ReactNode;

interface Kind {
  overlay: Overlay;
  /** What has the focus once it opens, when that is not the first of `cycle`. */
  focused?: string;
  /** What Tab visits inside the open dialog, in order, before it comes round again. */
  cycle: string[];
}

/** Each kind of dialog the app shows (on the shared components). */
const KINDS: Record<string, Kind> = {
  dialog: {
    cycle: ['Done', 'Close'],
    overlay: (open, onOpenChange) => (
      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogContent closeLabel="Close">
          <DialogTitle>Details</DialogTitle>
          <DialogDescription>Read only.</DialogDescription>
          <DialogClose asChild>
            <Button>Done</Button>
          </DialogClose>
        </DialogContent>
      </Dialog>
    ),
  },
  'form dialog': {
    cycle: ['Title', 'Description', 'Save', 'Close'],
    overlay: (open, onOpenChange) => (
      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogContent closeLabel="Close">
          <DialogTitle>Add</DialogTitle>
          <DialogDescription>Fill it in.</DialogDescription>
          <Input aria-label="Title" />
          <Input aria-label="Description" />
          <Button type="submit">Save</Button>
        </DialogContent>
      </Dialog>
    ),
  },
  sheet: {
    // Radix skips links when it picks what to focus on open.
    cycle: ['Close', 'Profile', 'Settings'],
    overlay: (open, onOpenChange) => (
      <Sheet open={open} onOpenChange={onOpenChange}>
        <SheetContent closeLabel="Close">
          <SheetTitle>Panel</SheetTitle>
          <SheetDescription>Your things.</SheetDescription>
          <a href="#profile">Profile</a>
          <a href="#settings">Settings</a>
        </SheetContent>
      </Sheet>
    ),
  },
  confirm: {
    cycle: ['Close', 'Approve'],
    overlay: (open, onOpenChange) => (
      <ConfirmDialog
        open={open}
        onOpenChange={onOpenChange}
        title="Approve"
        description="Are you sure?"
        confirmLabel="Approve"
        onConfirm={() => Promise.resolve()}
      />
    ),
  },
  delete: {
    cycle: ['Close', 'Delete'],
    overlay: (open, onOpenChange) => (
      <DeleteDialog
        open={open}
        onOpenChange={onOpenChange}
        url="/rows/1"
        listKey={['rows']}
        rowId={1}
        deletedMessage="Row deleted"
        itemName="Bob"
      />
    ),
  },
};

/** Alert dialogs built on the shared component without ConfirmDialog. */
const ALERTS: Record<string, Kind> = {
  'an alert dialog with its own Cancel': {
    cycle: ['Keep', 'Discard'],
    overlay: (open, onOpenChange) => (
      <AlertDialog open={open} onOpenChange={onOpenChange}>
        <AlertDialogContent>
          <AlertDialogTitle>Discard?</AlertDialogTitle>
          <AlertDialogDescription>It is gone then.</AlertDialogDescription>
          <AlertDialogCancel>Keep</AlertDialogCancel>
          <Button variant="destructive">Discard</Button>
        </AlertDialogContent>
      </AlertDialog>
    ),
  },
  'an alert dialog with no Cancel': {
    focused: 'Discard?',
    cycle: ['Discard'],
    overlay: (open, onOpenChange) => (
      <AlertDialog open={open} onOpenChange={onOpenChange}>
        <AlertDialogContent>
          <AlertDialogTitle>Discard?</AlertDialogTitle>
          <AlertDialogDescription>It is gone then.</AlertDialogDescription>
          <Button variant="destructive">Discard</Button>
        </AlertDialogContent>
      </AlertDialog>
    ),
  },
};

/** A button, the opener (a row's button or a menu's item), and the next row's button. */
function Screen({ overlay, menu }: { overlay: Overlay; menu: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button">Before</button>
      {menu ? (
        <DropdownMenu>
          <DropdownMenuTrigger>Open</DropdownMenuTrigger>
          <DropdownMenuContent>
            <DropdownMenuItem onSelect={() => setOpen(true)}>Show</DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      ) : (
        <button type="button" onClick={() => setOpen(true)}>
          Open
        </button>
      )}
      <button type="button">After</button>
      {overlay(open, setOpen)}
    </>
  );
}

/** Tabs to the opener and opens the dialog with Enter (through the menu when there is one). */
async function openByKeyboard(user: UserEvent, menu: boolean) {
  await user.tab();
  await user.tab();
  const opener = screen.getByRole('button', { name: 'Open' });
  expect(opener).toHaveFocus();
  await user.keyboard('{Enter}');
  if (menu) {
    expect(await screen.findByRole('menuitem', { name: 'Show' })).toHaveFocus();
    await user.keyboard('{Enter}');
  }
  const dialog = await waitFor(() => {
    const shown = document.querySelector<HTMLElement>('[role="dialog"], [role="alertdialog"]');
    if (!shown) throw new Error('no dialog shown');
    return shown;
  });
  return { opener, dialog };
}

function expectFocusIn(dialog: HTMLElement, name: string) {
  expect(dialog).toContainElement(document.activeElement as HTMLElement | null);
  expect(document.activeElement).toHaveAccessibleName(name);
}

async function expectKeyboardOnly({ overlay, focused, cycle }: Kind, menu = false) {
  await renderApp(<Screen overlay={overlay} menu={menu} />, { session: sessionFor() });
  const user = userEvent.setup();
  const { opener, dialog } = await openByKeyboard(user, menu);

  await waitFor(() => expectFocusIn(dialog, focused ?? cycle[0] ?? ''));
  if (focused) {
    await user.tab();
    expectFocusIn(dialog, cycle[0] ?? '');
  }
  // Round the dialog and back to where it started, never to the page behind.
  for (const name of [...cycle.slice(1), ...cycle.slice(0, 1)]) {
    await user.tab();
    expectFocusIn(dialog, name);
  }
  await user.tab({ shift: true });
  expectFocusIn(dialog, cycle.at(-1) ?? '');

  await user.keyboard('{Escape}');
  await waitFor(() => expect(dialog).not.toBeInTheDocument());
  await waitFor(() => expect(opener).toHaveFocus());
}

describe('dialogs by keyboard alone', () => {
  it.each(Object.entries({ ...KINDS, ...ALERTS }))(
    '%s takes the focus, keeps Tab inside and gives the focus back on Escape',
    async (_, kind) => {
      await expectKeyboardOnly(kind);
    },
  );

  it.each(Object.entries(KINDS))(
    '%s opened from a menu item gives the focus back to the menu button',
    async (_, kind) => {
      await expectKeyboardOnly(kind, true);
    },
  );

  it('a confirmation closes with Enter on Close and confirms with Enter on its action', async () => {
    const onConfirm = vi.fn(() => Promise.resolve());
    await renderApp(
      <Screen
        menu={false}
        overlay={(open, onOpenChange) => (
          <ConfirmDialog
            open={open}
            onOpenChange={onOpenChange}
            title="Approve"
            description="Are you sure?"
            confirmLabel="Approve"
            onConfirm={onConfirm}
          />
        )}
      />,
      { session: sessionFor() },
    );
    const user = userEvent.setup();

    const { opener, dialog } = await openByKeyboard(user, false);
    await waitFor(() => expectFocusIn(dialog, 'Close'));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
    expect(onConfirm).not.toHaveBeenCalled();

    await user.keyboard('{Enter}');
    const again = await screen.findByRole('alertdialog', { name: 'Approve' });
    await waitFor(() => expectFocusIn(again, 'Close'));
    await user.tab();
    expectFocusIn(again, 'Approve');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(again).not.toBeInTheDocument());
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(opener).toHaveFocus());
  });
});

/** A record's editor: its field comes once `loading` turns false. */
function Editor({ loading }: { loading: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent closeLabel="Close" loading={loading}>
          <DialogTitle>Edit</DialogTitle>
          <DialogDescription>One record.</DialogDescription>
          {loading ? <p role="status">Please wait</p> : <Input aria-label="Name" />}
        </DialogContent>
      </Dialog>
    </>
  );
}

describe('a dialog whose fields are still loading', () => {
  async function openLoading() {
    const rendered = render(<Editor loading />);
    const user = userEvent.setup();
    await user.tab();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Edit' });
    return { ...rendered, user, dialog };
  }

  it('holds the focus itself, then gives it to the first field', async () => {
    const { rerender, dialog } = await openLoading();
    await waitFor(() => expect(dialog).toHaveFocus());
    rerender(<Editor loading={false} />);
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus());
  });

  it('leaves the focus where the user took it meanwhile', async () => {
    const { rerender, dialog, user } = await openLoading();
    await waitFor(() => expect(dialog).toHaveFocus());
    await user.tab();
    const close = screen.getByRole('button', { name: 'Close' });
    expect(close).toHaveFocus();
    rerender(<Editor loading={false} />);
    await screen.findByRole('textbox', { name: 'Name' });
    expect(close).toHaveFocus();
  });
});
