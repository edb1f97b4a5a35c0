import { Suspense } from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '@contracts/realtime';
import { renderApp } from '@/testing/render';
import { PushTextFields, type PushTexts } from './push-text-fields';

function Composer({ pending }: { pending: boolean }) {
  const form = useForm<PushTexts>({ defaultValues: { title: '', description: '' } });
  return (
    <PushTextFields
      form={form}
      labels={{ title: 'Title', description: 'Description' }}
      placeholders={{ title: 'e.g. Prices drop tomorrow', description: 'The message' }}
      pending={pending}
    />
  );
}

async function render(pending = false) {
  await renderApp(
    <Suspense fallback={null}>
      <Composer pending={pending} />
    </Suspense>,
  );
}

describe("a push's texts", () => {
  it('are held to what an alert carries, and previewed as they are typed', async () => {
    await render();
    const title = await screen.findByLabelText('Title');
    const text = screen.getByLabelText('Description');
    expect(title).toHaveAttribute('maxLength', String(LIMITS.alertTitle));
    expect(text).toHaveAttribute('maxLength', String(LIMITS.alertDescription));
    expect(title).toHaveAttribute('placeholder', 'e.g. Prices drop tomorrow');
    const user = userEvent.setup();
    await user.type(title, 'Diesel down');
    await user.type(text, '10 cents off today');
    const preview = within(await screen.findByRole('region', { name: 'Preview' }));
    expect(preview.getAllByText('Diesel down')[0]).toBeVisible();
    expect(preview.getAllByText('10 cents off today')[0]).toBeVisible();
  });

  it('stay in view, read-only, while the push is sent', async () => {
    await render(true);
    expect(await screen.findByLabelText('Title')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Description')).toHaveAttribute('readonly');
  });
});
