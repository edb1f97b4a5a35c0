import { Suspense } from 'react';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_LAYOUT_CONFIG, type DemoVariant } from '@/lib/layout-config';
import { STORAGE_KEYS } from '@/lib/storage';
import { memoryStorage } from '@/testing/fakes';
import { renderApp } from '@/testing/render';
import { DashboardPage } from './dashboard-page';

/** Renders the page and waits for it: its strings and widgets arrive after a suspense. */
async function renderDashboard(demo?: DemoVariant) {
  const storage = memoryStorage(
    demo
      ? { [STORAGE_KEYS.layout]: JSON.stringify({ ...DEFAULT_LAYOUT_CONFIG, demo }) }
      : undefined,
  );
  const rendered = await renderApp(
    <Suspense fallback={null}>
      <DashboardPage />
    </Suspense>,
    { storage, path: '/dashboard' },
  );
  await screen.findByTestId('dashboard-variant', undefined, { timeout: 10_000 });
  return rendered;
}

const headings = async () =>
  (await screen.findAllByRole('heading', { level: 2 })).map((heading) => heading.textContent);

describe('the dashboard', () => {
  it('shows the demo2 widget set by default', async () => {
    await renderDashboard();
    expect(await screen.findByTestId('dashboard-variant')).toHaveTextContent('Demo 2');
    expect(await headings()).toEqual(
      expect.arrayContaining([
        'Key figures',
        'Sales Stat',
        'Weekly Sales Stats',
        'Action Needed',
        'Tasks Overview',
        'Authors',
        'Todo',
        'My Activity',
        'Notifications',
        'Create CRM reports',
        'Go further with Pro',
      ]),
    );
    expect(screen.getByText('New customers')).toBeVisible();
    expect(screen.getByText('8,600')).toBeVisible();
    expect(screen.queryByText('Authors Earnings')).toBeNull();
  });

  it('shows the demo3 widget set when the layout config says demo3', async () => {
    await renderDashboard('demo3');
    expect(await headings()).toEqual([
      'Sales Progress',
      'Authors Earnings',
      'Trends',
      'Market Leaders',
      'Properties',
      'New Arrivals',
      'Agents Stats',
    ]);
    const arrivals = screen.getByTestId('widget-new-arrivals');
    for (const label of ['Approved', 'In Progress', 'Success', 'Rejected']) {
      expect(within(arrivals).getAllByText(label).length).toBeGreaterThan(0);
    }
    expect(within(screen.getByTestId('widget-agents-stats')).getByText('In Process')).toBeVisible();
  });

  it.each(['demo4', 'demo5', 'demo6', 'demo7'] as const)('is empty for %s', async (demo) => {
    await renderDashboard(demo);
    const empty = await screen.findByTestId('dashboard-empty');
    expect(empty).toHaveTextContent(`The Demo ${demo.slice(4)} dashboard has no widgets`);
    expect(screen.queryAllByRole('group')).toHaveLength(0);
    expect(within(empty).getByRole('link', { name: 'Open the Layout Builder' })).toHaveAttribute(
      'href',
      '/builder',
    );
  });

  it('switches the Authors Earnings highlight between Month, Week and Day, figures unchanged', async () => {
    await renderDashboard('demo3');
    const widget = await screen.findByTestId('widget-authors-earnings');
    const period = within(widget).getByRole('group', { name: 'Period' });
    const month = within(period).getByRole('button', { name: 'Month' });
    const week = within(period).getByRole('button', { name: 'Week' });
    expect(month).toHaveAttribute('aria-pressed', 'true');
    expect(week).toHaveAttribute('aria-pressed', 'false');
    const before = within(widget).getByRole('table').textContent;
    await userEvent.setup().click(week);
    expect(week).toHaveAttribute('aria-pressed', 'true');
    expect(month).toHaveAttribute('aria-pressed', 'false');
    expect(within(widget).getByRole('table').textContent).toBe(before);
  });

  it('has inert buttons and links that say so and go nowhere', async () => {
    const rendered = await renderDashboard();
    const button = await screen.findByRole('button', { name: 'Generate report' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveAccessibleDescription('Sample only: this does nothing.');
    const link = screen.getByRole('link', { name: 'Project briefing' });
    expect(link).toHaveAttribute('aria-disabled', 'true');
    expect(link).not.toHaveAttribute('href');
    await userEvent.setup().click(button);
    await userEvent.setup().click(link);
    expect(rendered.location()).toBe('/dashboard');
    expect(rendered.container.querySelector('a[href="#"], a[href=""]')).toBeNull();
  });

  it('offers the label, add-new and contact menus, whose choices do nothing', async () => {
    const rendered = await renderDashboard();
    const user = userEvent.setup();
    const menuOf = async (widget: string) => {
      await user.click(
        within(await screen.findByTestId(`widget-${widget}`)).getByTestId('widget-menu'),
      );
      return screen.findByRole('menu');
    };
    const names = (menu: HTMLElement) =>
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent);

    const labels = await menuOf('todo');
    expect(within(labels).getByText('Choose label')).toBeVisible();
    expect(names(labels)).toEqual(['Customer', 'Partner', 'Supplier', 'Member', 'Staff']);
    await user.keyboard('{Escape}');

    const addNew = await menuOf('tasks-overview');
    expect(names(addNew)).toEqual([
      'Order',
      'Event',
      'Report',
      'Post',
      'File',
      'Members',
      'Project',
      'Record',
    ]);
    await user.keyboard('{Escape}');

    const contact = await menuOf('authors');
    expect(names(contact)).toEqual([
      'New Group',
      'Contacts',
      'Groups',
      'Calls',
      'Settings',
      'Help',
      'Privacy',
    ]);
    const calls = within(contact).getByRole('menuitem', { name: 'Calls' });
    expect(calls).toHaveAttribute('aria-disabled', 'true');
    await user.click(calls);
    expect(rendered.location()).toBe('/dashboard');
  });

  it('draws Weekly Sales Stats: 12 months, 0 to 37, 150 px, dollars in thousands', async () => {
    // jsdom lays nothing out; the chart's container measures as wide as a dashboard card.
    const measure = HTMLElement.prototype.getBoundingClientRect;
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: HTMLElement,
    ) {
      return this.classList.contains('recharts-responsive-container')
        ? DOMRect.fromRect({ width: 600, height: 150 })
        : measure.call(this);
    });
    await renderDashboard();
    const widget = await screen.findByTestId('widget-weekly-sales');
    const table = within(widget).getByRole('table', { name: 'Weekly Sales Stats chart' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Month', 'Sales']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Jan$12 thousand',
      'Feb$18 thousand',
      'Mar$14 thousand',
      'Apr$25 thousand',
      'May$21 thousand',
      'Jun$30 thousand',
      'Jul$24 thousand',
      'Aug$28 thousand',
      'Sep$33 thousand',
      'Oct$26 thousand',
      'Nov$35 thousand',
      'Dec$31 thousand',
    ]);

    const chart = await within(widget).findByRole('application', {
      name: 'Weekly Sales Stats chart',
    });
    expect(chart).toHaveAttribute('height', '150');
    expect(chart).toHaveAccessibleDescription(
      'Use the left and right arrow keys to read each month.',
    );
    const yTicks = chart.querySelectorAll('.recharts-yAxis-tick-labels text');
    expect([...yTicks].map((tick) => tick.textContent)).toEqual(['0', '10', '20', '30', '37']);
    const xTicks = chart.querySelectorAll('.recharts-xAxis-tick-labels text');
    expect(xTicks[0]).toHaveTextContent('Jan');
    expect(xTicks[xTicks.length - 1]).toHaveTextContent('Dec');

    // The keyboard walks the months and the tooltip follows.
    const tooltip = within(widget).getByTestId('chart-tooltip');
    expect(tooltip).toBeEmptyDOMElement();
    act(() => chart.focus());
    await waitFor(() => expect(tooltip).toHaveTextContent('JanSales$12 thousand'));
    fireEvent.keyDown(chart, { key: 'ArrowRight' });
    await waitFor(() => expect(tooltip).toHaveTextContent('FebSales$18 thousand'));
    fireEvent.keyDown(chart, { key: 'ArrowLeft' });
    fireEvent.keyDown(chart, { key: 'ArrowLeft' });
    await waitFor(() => expect(tooltip).toHaveTextContent('JanSales$12 thousand'));
    act(() => chart.blur());
    await waitFor(() => expect(tooltip).toBeEmptyDOMElement());
  });

  it('lets the todo items be ticked on the page', async () => {
    await renderDashboard();
    const box = await screen.findByRole('checkbox', { name: 'Stakeholder meeting' });
    expect(box).toBeChecked();
    await userEvent.setup().click(box);
    expect(box).not.toBeChecked();
  });
});
