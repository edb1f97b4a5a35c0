import { Suspense } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { toast } from '@/lib/toast';
import { renderApp } from '@/testing/render';
import { GoogleMaterialPage } from './google-material-page';
import { ReactBootstrapPage } from './react-bootstrap-page';

vi.mock('@/lib/toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() },
}));

async function renderPage(page: 'material' | 'bootstrap') {
  await renderApp(
    <Suspense fallback={null}>
      {page === 'material' ? <GoogleMaterialPage /> : <ReactBootstrapPage />}
    </Suspense>,
  );
  await screen.findByTestId(`gallery-${page}`, undefined, { timeout: 10_000 });
}

const sectionNames = () =>
  screen
    .getAllByRole('region')
    .map(
      (region) =>
        region.getAttribute('aria-labelledby') &&
        document.getElementById(region.getAttribute('aria-labelledby') ?? '')?.textContent,
    );

describe('the Google Material gallery', () => {
  it("shows the app's own buttons, fields, selection controls, tabs and feedback", async () => {
    await renderPage('material');
    expect(sectionNames()).toEqual([
      'Buttons',
      'Text fields',
      'Selection controls',
      'Tabs',
      'Feedback',
    ]);
    expect(screen.getByRole('button', { name: 'Destructive' })).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Contact email' })).toHaveAccessibleDescription(
      'Wrong email format',
    );
    expect(screen.getByRole('combobox', { name: 'Fuel type' })).toHaveValue('premium');
  });

  it('lets the controls be used: switches, checkboxes and tabs', async () => {
    await renderPage('material');
    const user = userEvent.setup();
    const sms = screen.getByRole('switch', { name: 'Text alerts' });
    await user.click(sms);
    expect(sms).toBeChecked();
    const weekends = screen.getByRole('checkbox', { name: 'Open on weekends' });
    await user.click(weekends);
    expect(weekends).not.toBeChecked();
    await user.click(screen.getByRole('tab', { name: 'History' }));
    expect(screen.getByRole('tabpanel')).toHaveTextContent('What changed recently');
  });

  it('shows each kind of toast on demand', async () => {
    await renderPage('material');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Show a success toast' }));
    await user.click(screen.getByRole('button', { name: 'Show an error toast' }));
    expect(toast.success).toHaveBeenCalledWith('Example: this is how a success looks.');
    expect(toast.error).toHaveBeenCalledWith('Example: this is how an error looks.');
  });
});

describe('the React Bootstrap gallery', () => {
  it('shows cards, overlays, the shared table, navigation, collapsible sections and an empty state', async () => {
    await renderPage('bootstrap');
    expect(sectionNames()).toEqual([
      'Cards',
      'Dialogs and overlays',
      'Tables',
      'Navigation',
      'Collapsible sections',
      'Empty state',
    ]);
    const table = screen.getByRole('table', { name: 'Example stations' });
    // Page size 5 of 12 sample stations, each with its row checkbox.
    expect(within(table).getAllByRole('row')).toHaveLength(6);
    expect(within(table).getByText('Harbor Road')).toBeVisible();
  });

  it('opens a dialog and closes it again', async () => {
    await renderPage('bootstrap');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Open a dialog' }));
    const dialog = await screen.findByRole('dialog', { name: 'An example dialog' });
    await user.click(within(dialog).getByRole('button', { name: 'Got it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('runs the confirmation example with a spinner, then says nothing changed', async () => {
    await renderPage('bootstrap');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Ask for confirmation' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Approve this example?' });
    const approve = within(dialog).getByRole('button', { name: 'Approve' });
    await user.click(approve);
    expect(dialog).toHaveAttribute('aria-busy', 'true');
    expect(approve).toBeDisabled();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull(), { timeout: 5000 });
    expect(toast.success).toHaveBeenCalledWith('Example confirmed: nothing was changed.');
  });

  it('selects rows of the shared table and counts them', async () => {
    await renderPage('bootstrap');
    const user = userEvent.setup();
    const table = screen.getByRole('table', { name: 'Example stations' });
    const boxes = within(table).getAllByRole('checkbox');
    await user.click(boxes[1] as HTMLElement);
    await user.click(boxes[2] as HTMLElement);
    expect(await screen.findByText('2 selected')).toBeVisible();
  });
});
