import { Suspense } from 'react';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_LAYOUT_CONFIG, readLayoutConfig } from '@/lib/layout-config';
import { STORAGE_KEYS, type KeyValueStorage } from '@/lib/storage';
import { toast } from '@/lib/toast';
import { memoryStorage } from '@/testing/fakes';
import { renderApp } from '@/testing/render';
import { BuilderPage } from './builder-page';
import type { WriteText } from './components/config-json';

vi.mock('@/lib/toast', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

afterEach(() => {
  vi.useRealTimers();
});

async function renderBuilder(
  storage: KeyValueStorage = memoryStorage(),
  writeText: WriteText = () => Promise.resolve(),
) {
  const rendered = await renderApp(
    <Suspense fallback={null}>
      <BuilderPage writeText={writeText} />
    </Suspense>,
    { storage, path: '/builder' },
  );
  await screen.findByTestId('builder-options', undefined, { timeout: 10_000 });
  return rendered;
}

const shownConfig = () =>
  JSON.parse(screen.getByTestId('config-json').textContent ?? '') as unknown;

describe('the layout builder', () => {
  it('has the tabs Header, Subheader, Content, Aside and Footer, Header first by default', async () => {
    await renderBuilder();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'Header',
      'Subheader',
      'Content',
      'Aside',
      'Footer',
    ]);
    expect(screen.getByRole('tab', { name: 'Header' })).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByRole('radiogroup', { name: 'Header menu layout' })).toBeVisible();
    expect(within(panel).getByRole('radio', { name: /Default/ })).toBeChecked();
    expect(within(panel).getByRole('switch', { name: 'Fixed header' })).toBeChecked();
  });

  it('offers the width, menu and subheader options and the others on their tabs', async () => {
    await renderBuilder();
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Subheader' }));
    let panel = screen.getByRole('tabpanel');
    expect(
      within(within(panel).getByRole('radiogroup', { name: 'Subheader style' }))
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['solid', 'transparent']);

    await user.click(screen.getByRole('tab', { name: 'Content' }));
    panel = screen.getByRole('tabpanel');
    expect(
      within(within(panel).getByRole('radiogroup', { name: 'Layout width' }))
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['fluid', 'fixed']);
    const variant = within(panel).getByRole('combobox', { name: 'Dashboard variant' });
    expect(
      within(variant)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Demo 2: with widgets',
      'Demo 3: with widgets',
      'Demo 4: empty',
      'Demo 5: empty',
      'Demo 6: empty',
      'Demo 7: empty',
    ]);

    await user.click(screen.getByRole('tab', { name: 'Aside' }));
    expect(screen.getByRole('switch', { name: 'Minimized aside' })).not.toBeChecked();
    await user.click(screen.getByRole('tab', { name: 'Footer' }));
    expect(screen.getByRole('switch', { name: 'Fixed footer' })).not.toBeChecked();
  });

  it('remembers the selected tab under builderActiveTab', async () => {
    const storage = memoryStorage();
    await renderBuilder(storage);
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Aside' }));
    expect(storage.getItem(STORAGE_KEYS.builderActiveTab)).toBe('3');
  });

  it('opens on the stored tab, and on the first one when the stored value is unusable', async () => {
    const first = await renderBuilder(memoryStorage({ [STORAGE_KEYS.builderActiveTab]: '4' }));
    expect(screen.getByRole('tab', { name: 'Footer' })).toHaveAttribute('aria-selected', 'true');
    first.unmount();
    await renderBuilder(memoryStorage({ [STORAGE_KEYS.builderActiveTab]: '9' }));
    expect(screen.getByRole('tab', { name: 'Header' })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows the config it would store as JSON, following every change', async () => {
    await renderBuilder();
    expect(shownConfig()).toEqual(DEFAULT_LAYOUT_CONFIG);
    expect(screen.getByTestId('builder-state')).toHaveTextContent('These options are applied.');
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: /Tabs/ }));
    await user.click(screen.getByRole('switch', { name: 'Fixed header' }));
    await user.click(screen.getByRole('tab', { name: 'Content' }));
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Dashboard variant' }),
      'Demo 5: empty',
    );
    expect(shownConfig()).toEqual({
      ...DEFAULT_LAYOUT_CONFIG,
      headerMenuLayout: 'tab',
      headerFixed: false,
      demo: 'demo5',
    });
    expect(screen.getByTestId('builder-state')).toHaveTextContent('Unsaved changes');
  });

  it('Preview stores the options in the layout config and reloads the page', async () => {
    const storage = memoryStorage();
    const rendered = await renderBuilder(storage);
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Subheader' }));
    await user.click(screen.getByRole('radio', { name: /Transparent/ }));
    await user.click(screen.getByRole('tab', { name: 'Content' }));
    await user.click(screen.getByRole('radio', { name: /Fixed/ }));
    const preview = screen.getByRole('button', { name: 'Preview' });
    await user.click(preview);
    expect(readLayoutConfig(storage)).toEqual({
      ...DEFAULT_LAYOUT_CONFIG,
      subheaderStyle: 'transparent',
      width: 'fixed',
    });
    expect(rendered.services.reload).toHaveBeenCalledTimes(1);
    expect(preview).toHaveAttribute('aria-busy', 'true');
    expect(preview).toBeDisabled();
  });

  it('Reset goes back to the defaults and reloads the page', async () => {
    const storage = memoryStorage({
      [STORAGE_KEYS.layout]: JSON.stringify({ ...DEFAULT_LAYOUT_CONFIG, width: 'fixed' }),
    });
    const rendered = await renderBuilder(storage);
    expect(shownConfig()).toEqual({ ...DEFAULT_LAYOUT_CONFIG, width: 'fixed' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reset' }));
    expect(storage.getItem(STORAGE_KEYS.layout)).toBeNull();
    expect(readLayoutConfig(storage)).toEqual(DEFAULT_LAYOUT_CONFIG);
    expect(rendered.services.reload).toHaveBeenCalledTimes(1);
  });

  it('has nothing to reset while the defaults are applied and chosen', async () => {
    await renderBuilder();
    expect(screen.getByRole('button', { name: 'Reset' })).toBeDisabled();
    await userEvent.setup().click(screen.getByRole('switch', { name: 'Fixed header' }));
    expect(screen.getByRole('button', { name: 'Reset' })).toBeEnabled();
  });

  it('copies the JSON; the confirmation goes back to Copy after 2 s', async () => {
    const writeText = vi.fn<WriteText>(() => Promise.resolve());
    await renderBuilder(memoryStorage(), writeText);
    vi.useFakeTimers();
    fireEvent.click(screen.getByTestId('copy-config'));
    await act(async () => {
      await Promise.resolve();
    });
    expect(writeText).toHaveBeenCalledWith(JSON.stringify(DEFAULT_LAYOUT_CONFIG, null, 2));
    expect(screen.getByTestId('copy-config')).toHaveTextContent('Copied!');
    act(() => vi.advanceTimersByTime(1999));
    expect(screen.getByTestId('copy-config')).toHaveTextContent('Copied!');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByTestId('copy-config')).toHaveTextContent('Copy');
  });

  it('says so when the clipboard refuses, and does not claim a copy', async () => {
    await renderBuilder(memoryStorage(), () => Promise.reject(new Error('denied')));
    await userEvent.setup().click(screen.getByTestId('copy-config'));
    expect(toast.error).toHaveBeenCalledWith(
      'The config could not be copied. Select the text and copy it instead.',
    );
    expect(screen.getByTestId('copy-config')).toHaveTextContent('Copy');
  });
});
